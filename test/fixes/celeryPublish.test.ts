/**
 * Fixes on a Celery app's publish retry (docs/reference/celery.md "Message sending retry"): a
 * policy without a max_retries bound retries forever (kombu's ensure default None); RL002's bound
 * is written as max_retries (it counts retries) in the call's own policy literal.
 */
import { fixCases } from "./fixCases";

const APP = (policy: string) => `
//- svc/celery.py
from celery import Celery

app = Celery("svc", task_publish_retry_policy=${policy})
`;

fixCases("celery publish retry", [
  {
    name: "RL002: a policy without max_retries gets Celery's own bound (4 publish attempts)",
    workspace: APP(`{"interval_start": 0, "interval_step": 1}`),
    finding: "RL002 svc/celery.py:3",
    fix: "Lower to 4 publish attempts",
    after: APP(`{"interval_start": 0, "interval_step": 1, "max_retries": 3}`),
  },
  {
    name: "RL002: max_retries None becomes 3",
    workspace: APP(`{"max_retries": None}`),
    finding: "RL002 svc/celery.py:3",
    fix: "Lower to 4 publish attempts",
    after: APP(`{"max_retries": 3}`),
  },
]);
