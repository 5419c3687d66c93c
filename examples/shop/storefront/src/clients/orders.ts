import axios from "axios";
import axiosRetry from "axios-retry";

/** HTTP client for the orders service (shop namespace). */
export const ordersApi = axios.create({
  baseURL: process.env.ORDERS_URL ?? "http://orders.shop.svc.cluster.local:8080",
  timeout: 4_000,
  headers: { "content-type": "application/json" },
});

// orders restarts pods during every deploy; retry so customers don't see the blips.
axiosRetry(ordersApi, { retries: 2 });

export interface PlaceOrderRequest {
  cartId: string;
  customerId: string;
  cardToken: string;
  totalCents: number;
}

export async function placeOrder(order: PlaceOrderRequest): Promise<{ orderId: string; status: string }> {
  const { data } = await ordersApi.post("/orders", order);
  return data;
}
