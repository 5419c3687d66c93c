// Shipping books parcels with the carrier for paid orders.
package main

import (
	"encoding/json"
	"log"
	"net/http"

	"github.com/example/shop/shipping/internal/carrier"
)

func bookShipment(w http.ResponseWriter, r *http.Request) {
	var req carrier.Parcel
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := carrier.Book(r.Context(), req); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func main() {
	http.HandleFunc("POST /v1/shipments", bookShipment)
	log.Fatal(http.ListenAndServe(":8080", nil))
}
