"""Schemathesis hooks for the fuzz run (scripts/fuzz/run.sh): every request carries the demo
supplier's session (FUZZ_TOKEN), except `logout_site`, which gets a fresh session of its own
to end, so that one generated logout does not leave every later case meeting only 401."""

import os

import schemathesis
from login import sign_in


@schemathesis.hook
def before_call(ctx, case, kwargs):
    token = os.environ["FUZZ_TOKEN"]
    if isinstance(case.body, dict) and case.body.get("codigo") == "logout_site":
        token = sign_in(os.environ["FUZZ_API"], "fornecedor")
    if case.headers is None:
        case.headers = {}
    case.headers["Authorization"] = f"Bearer {token}"
