// Package carrier books parcels with the parcel carrier's public API.
package carrier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

type Parcel struct {
	OrderID string `json:"order_id"`
	Weight  int    `json:"weight_grams"`
}

var carrierURL = os.Getenv("CARRIER_URL")

// retryablehttp already retries 4 times (5 attempts) with exponential waits, POST included.
var client = retryablehttp.NewClient()

// Book reserves a parcel slot. The carrier times out under load, so the team wrapped the
// call in a backoff loop as well, without noticing the client already retries.
func Book(ctx context.Context, p Parcel) error {
	body, err := json.Marshal(p)
	if err != nil {
		return err
	}
	op := func() error {
		req, err := retryablehttp.NewRequestWithContext(ctx, "POST", carrierURL+"/v1/parcels", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return fmt.Errorf("carrier: %s", resp.Status)
		}
		return nil
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}
