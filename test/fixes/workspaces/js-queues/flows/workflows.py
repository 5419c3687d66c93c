from datetime import timedelta

import requests
from temporalio import activity, workflow
from temporalio.common import RetryPolicy


@activity.defn
async def charge(order_id: str) -> None:
    requests.get(f"http://billing/charges/{order_id}", timeout=5)


@workflow.defn
class Order:
    @workflow.run
    async def run(self, order_id: str) -> None:
        await workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30))
        await workflow.execute_activity(
            charge,
            order_id,
            start_to_close_timeout=timedelta(seconds=30),
            retry_policy=RetryPolicy(maximum_attempts=6),
        )
