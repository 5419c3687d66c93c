"""Outbound HTTP for service-to-service calls.

Import `session` instead of calling requests.get/post directly, so every service gets
the same connection pool, User-Agent and retry behaviour.
"""
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

# Smooth over pod restarts and brief 502/503s from the mesh.
# allowed_methods=None: most of our internal calls are POSTs, and urllib3 skips
# POST by default.
_retries = Retry(
    total=3,
    backoff_factor=0.5,
    status_forcelist=(502, 503, 504),
    allowed_methods=None,
)

session = requests.Session()
session.headers["User-Agent"] = "shop-internal/1.0"

_adapter = HTTPAdapter(max_retries=_retries, pool_connections=10, pool_maxsize=50)
session.mount("http://", _adapter)
session.mount("https://", _adapter)
