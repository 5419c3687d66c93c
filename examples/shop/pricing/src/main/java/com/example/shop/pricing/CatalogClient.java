package com.example.shop.pricing;

import io.github.resilience4j.retry.annotation.Retry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

@Component
public class CatalogClient {
    private final RestClient http;

    public CatalogClient(@Value("${catalog.url}") String catalogUrl) {
        this.http = RestClient.builder().baseUrl(catalogUrl).build();
    }

    // Settings of the "catalog" instance are in application.yml.
    @Retry(name = "catalog")
    public Product product(String sku) {
        return http.get().uri("/api/products/{sku}", sku).retrieve().body(Product.class);
    }
}
