package com.example.shop.pricing;

public record Product(String sku, long listPriceCents) {}
