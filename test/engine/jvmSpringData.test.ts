// Spring Data repositories as database requests, through the service's DataSource (engine/jvmDb.ts):
// a controller's `cityRepo.findByCode(code)` runs a query; a DataSource wrapper with @Retryable on
// getConnection() retries the connection of every query; the (username, password) overload is on
// no query's way.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("JVM: Spring Data repositories and a retrying DataSource", () => {
  test("controller → CrudRepository query → @Retryable getConnection() (×10); the overload multiplies nothing", async () => {
    const result = await checkFixture(`
//- shipping/src/main/java/com/shop/shipping/ShippingApplication.java
package com.shop.shipping;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.retry.annotation.EnableRetry;

@SpringBootApplication
@EnableRetry
public class ShippingApplication {
}
//- shipping/src/main/java/com/shop/shipping/CityRepository.java
package com.shop.shipping;

import java.util.List;
import org.springframework.data.repository.CrudRepository;

public interface CityRepository extends CrudRepository<City, Long> {
    List<City> findByCode(String code);
}
//- shipping/src/main/java/com/shop/shipping/RetryableDataSource.java
package com.shop.shipping;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

class RetryableDataSource extends AbstractDataSource {
    private DataSource delegate;

    public RetryableDataSource(DataSource delegate) {
        this.delegate = delegate;
    }

    @Override
    @Retryable(maxAttempts = 10, backoff = @Backoff(multiplier = 2.3, maxDelay = 30000, random = true))
// ^ layer ×10 RL001
    public Connection getConnection() throws SQLException {
        return delegate.getConnection();
    }

    @Override
    @Retryable(maxAttempts = 10, backoff = @Backoff(multiplier = 2.3, maxDelay = 30000, random = true))
// ^ layer ×10
    public Connection getConnection(String username, String password) throws SQLException {
        return delegate.getConnection(username, password);
    }
}
//- shipping/src/main/java/com/shop/shipping/Controller.java
package com.shop.shipping;

import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Controller {
    @Autowired
    private CityRepository cityRepo;

    @GetMapping("/cities/{code}")
    public List<City> cities(@PathVariable String code) {
        return cityRepo.findByCode(code);
    }
}
//! rules RL001
//! paths 1
`);
    const path = result.model.paths[0]!;
    assert.equal(path.product, 10);
    assert.deepEqual(path.layers.map((id) => result.model.layerById.get(id)!.anchor.line), [18]);
    assert.deepEqual(path.services, ["shipping", "unresolved (CityRepository.findByCode)"]);
  });
});
