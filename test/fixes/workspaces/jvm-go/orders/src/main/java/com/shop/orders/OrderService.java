package com.shop.orders;

import io.github.resilience4j.retry.annotation.Retry;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

public class OrderService {
    private final RestTemplate rest = new RestTemplate();
    private final WebClient web = WebClient.builder().baseUrl("http://pricing:8080").build();
    private final OkHttpClient http = new OkHttpClient();

    @Retry(name = "inventory")
    public String stock(String sku) {
        return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
    }

    @Retry(name = "payments")
    public String charge(String id) throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/charge/" + id).build();
        return http.newCall(req).execute().body().string();
    }

    public Mono<String> price(String sku) {
        return web.get().uri("/price/" + sku).retrieve().bodyToMono(String.class)
            .retryWhen(reactor.util.retry.Retry.fixedDelay(3, Duration.ofMillis(200)));
    }

    public Mono<String> quote(String sku) {
        return web.get().uri("/quote/" + sku).retrieve().bodyToMono(String.class)
            .retry(5);
    }
}
