package com.example.shop.pricing;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/v1/prices")
public class PriceController {
    private final CatalogClient catalog;

    public PriceController(CatalogClient catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/{sku}")
    public Price price(@PathVariable String sku) {
        return Price.of(catalog.product(sku));
    }
}
