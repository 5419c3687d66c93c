import express from "express";
import { placeOrder } from "./clients/orders.js";

const app = express();
app.use(express.json());

app.get("/api/health", (_req, res) => {
  res.json({ ok: true });
});

// The web app posts the cart here when the customer clicks "Place order".
app.post("/api/checkout", async (req, res) => {
  try {
    const result = await placeOrder({
      cartId: req.body.cartId,
      customerId: req.body.customerId,
      cardToken: req.body.cardToken,
      totalCents: req.body.totalCents,
    });
    res.status(201).json(result);
  } catch (err) {
    console.error("checkout failed", err);
    res.status(502).json({ error: "checkout is temporarily unavailable" });
  }
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`storefront listening on :${port}`));
