"""Signs in to a local Feira through the local OpenID provider, as a browser would, and prints
the session token: `iniciar_login`, the provider's login form (any login, no password), the
redirect's `id_token`, then `login_site`.

Usage: login.py API_URL LOGIN   (LOGIN: comprador, fornecedor, admin or any e-mail)
Only for the fuzz run against the local provider (devservices/oidc.mjs); never in production.
"""

import re
import sys
from urllib.parse import parse_qs, urlencode, urljoin, urlparse

import requests


def sign_in(api: str, login: str) -> str:
    """A fresh session token of `login` on the API at `api`."""
    start = requests.post(f"{api}/api", json={"codigo": "iniciar_login"}, timeout=10).json()
    redirect_uri = f"{api}/auth/callback"
    query = urlencode(
        {
            "client_id": start["client_id"],
            "response_type": "id_token",
            "scope": start["scope"],
            "redirect_uri": redirect_uri,
            "nonce": start["nonce"],
            "state": "fuzz",
        }
    )
    browser = requests.Session()
    url = f"{start['authorization_endpoint']}?{query}"
    for _ in range(20):
        res = browser.get(url, allow_redirects=False, timeout=10)
        if res.status_code in (302, 303):
            url = urljoin(url, res.headers["location"])
            if url.startswith(redirect_uri):
                break
            continue
        # The login form (then, if asked, the consent form): submit it.
        form = re.search(r'<form[^>]*action="([^"]+)"', res.text)
        if not form:
            raise RuntimeError(f"login: no form at {url} ({res.status_code})")
        fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', res.text))
        fields.update({"login": login, "password": ""})
        res = browser.post(urljoin(url, form.group(1)), data=fields, allow_redirects=False, timeout=10)
        url = urljoin(url, res.headers["location"])
        if url.startswith(redirect_uri):
            break
    fragment = parse_qs(urlparse(url).fragment)
    if "id_token" not in fragment:
        raise RuntimeError(f"login: no id_token in {url}")
    user = {"id_token": fragment["id_token"][0], "nonce": start["nonce"]}
    signed_in = requests.post(
        f"{api}/api", json={"codigo": "login_site", "user": user}, timeout=10
    ).json()
    return signed_in["token"]


if __name__ == "__main__":
    print(sign_in(sys.argv[1], sys.argv[2]))
