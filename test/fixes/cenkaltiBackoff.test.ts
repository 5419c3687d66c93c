/**
 * Fixes on cenkalti/backoff (reference §3.10): v4 counts retries with `WithMaxRetries(b, n)`
 * (the BackOff is wrapped), v5 counts attempts with the `WithMaxTries(n)` option (appended);
 * jitter is `RandomizationFactor` 0.5 wherever it was set to 0; ZeroBackOff becomes the
 * exponential default.
 */
import { fixCases } from "./fixCases";

const FILE = "orders/client.go";
const file = (version: "v4" | "v5", body: string) => `
//- ${FILE}
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/${version}"
)

func Reserve(ctx context.Context, sku string) error {
${body}
}
`;
const send = 'func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }';
const v4 = (b: string, before = "") => file("v4", `${before}\treturn backoff.Retry(${send}, ${b})`);
const v5 = (opts: string) =>
  file("v5", `\t_, err := backoff.Retry(ctx, func() (string, error) { _, err := http.Post("http://inventory:8080/x", "application/json", nil); return "", err }, ${opts})\n\t_ = time.Second\n\treturn err`);

fixCases("cenkalti/backoff", [
  {
    name: "v4: b.RandomizationFactor = 0 → 0.5",
    workspace: v4("b", "\tb := backoff.NewExponentialBackOff()\n\tb.RandomizationFactor = 0\n"),
    finding: `RL004 ${FILE}:14`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0.5
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, b)
}
`,
  },
  {
    name: "v4: an ExponentialBackOff literal without the field gets RandomizationFactor: 0.5",
    workspace: v4("backoff.WithMaxRetries(&backoff.ExponentialBackOff{InitialInterval: 100 * time.Millisecond, Multiplier: 2, MaxInterval: time.Second}, 2)"),
    finding: `RL004 ${FILE}:12`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, backoff.WithMaxRetries(&backoff.ExponentialBackOff{InitialInterval: 100 * time.Millisecond, Multiplier: 2, MaxInterval: time.Second, RandomizationFactor: 0.5}, 2))
}
`,
  },
  {
    name: "v4: WithRandomizationFactor(0) option → 0.5",
    workspace: v4("backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0)), 2)"),
    finding: `RL004 ${FILE}:12`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0.5)), 2))
}
`,
  },
  {
    name: "v4: ConstantBackOff retries forever → WithMaxRetries(b, 2)",
    workspace: v4("backoff.NewConstantBackOff(time.Second)"),
    finding: `RL002 ${FILE}:12`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 2))
}
`,
  },
  {
    name: "v5: WithMaxElapsedTime(0) → WithMaxTries(3) appended",
    workspace: v5("backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxElapsedTime(0)"),
    finding: `RL002 ${FILE}:12`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
)

func Reserve(ctx context.Context, sku string) error {
	_, err := backoff.Retry(ctx, func() (string, error) { _, err := http.Post("http://inventory:8080/x", "application/json", nil); return "", err }, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxElapsedTime(0), backoff.WithMaxTries(3))
	_ = time.Second
	return err
}
`,
  },
  {
    name: "v4: ZeroBackOff → NewExponentialBackOff()",
    workspace: v4("backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 2)"),
    finding: `RL003 ${FILE}:12`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}
`,
  },
  {
    name: "RL001 v4 (threshold 2): WithMaxRetries' n lowered to 1",
    workspace: `${v4("backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4)")}//! threshold 2\n`,
    finding: `RL001 ${FILE}:12`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Reserve(ctx context.Context, sku string) error {
	return backoff.Retry(func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 1))
}
`,
  },
  {
    name: "RL001 v5: WithMaxTries(5) → WithMaxTries(1) to turn it off",
    workspace: `${v5("backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(5)")}//! threshold 2\n`,
    finding: `RL001 ${FILE}:12`,
    fix: "Turn off retries",
    safety: "unsafe",
    after: `
//- orders/client.go
package orders

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
)

func Reserve(ctx context.Context, sku string) error {
	_, err := backoff.Retry(ctx, func() (string, error) { _, err := http.Post("http://inventory:8080/x", "application/json", nil); return "", err }, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(1))
	_ = time.Second
	return err
}
`,
  },
]);
