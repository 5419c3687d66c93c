package com.example.shop.pricing;

public record Price(String sku, long cents) {
    static Price of(Product p) {
        return new Price(p.sku(), p.listPriceCents());
    }
}
