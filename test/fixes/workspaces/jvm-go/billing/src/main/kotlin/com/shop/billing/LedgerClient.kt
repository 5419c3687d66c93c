package com.shop.billing

import io.github.resilience4j.retry.annotation.Retry
import okhttp3.OkHttpClient
import okhttp3.Request

class LedgerClient {
    private val http = OkHttpClient.Builder()
        .build()

    @Retry(name = "ledger")
    fun post(id: String): String? {
        val req = Request.Builder().url("http://ledger:8080/entries/" + id).build()
        return http.newCall(req).execute().body?.string()
    }
}
