"""Web Push (issue 39's notifications): the server's message to a player's browser while no
page of the site is open, through the browser's push service (RFC 8030), its payload
encrypted for that browser alone (RFC 8291, ``aes128gcm``) and signed with the server's
VAPID key (RFC 8292), all through ``pywebpush``.

- ``PushKeys``: the server's VAPID key pair, kept in a file (``load_or_create``): a new key
  would void every subscription the browsers made with the old one.
- ``Subscription``: what a browser's ``PushSubscription.toJSON()`` gives, checked before it
  is stored (``from_json``): the server will POST to the endpoint a client chose, so only
  the browsers' push services (``PUSH_SERVICES``) are accepted, never another host.
- ``send``: one message to one subscription, blocking (the caller runs it in a thread);
  ``Delivery`` says whether it was taken, whether the browser has unsubscribed (``GONE``:
  the caller forgets the subscription), or whether it failed. Network problems are logged
  with the push service's host only (an endpoint's path and the keys are the
  subscription's secrets) and never raised.
"""

from __future__ import annotations

import base64
import binascii
import enum
import json
import logging
import os
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import SplitResult, urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02, VapidException
from pywebpush import WebPushException, webpush

from pegboard.core import N_, WordedError

log = logging.getLogger(__name__)

PUSH_SERVICES: Final[tuple[str, ...]] = (
    "fcm.googleapis.com",  # Chrome, Edge, Opera
    "updates.push.services.mozilla.com",  # Firefox
    "web.push.apple.com",  # Safari
    "notify.windows.com",  # Windows (legacy Edge): per-region subdomains
)
"""The hosts of the browsers' push services, each with its subdomains: the only hosts a
subscription's endpoint may name. The server POSTs to whatever URL a client gave it, so
without this list it could be made to reach any host (SSRF), the operator's own network
included. A service written with its scheme (``"http://127.0.0.1:8123"``) allows exactly
that origin: a local push service, for tests and development."""
ENDPOINT_LENGTH: Final = 1024
"""The longest endpoint accepted (the browsers' are well under 512 characters)."""
AUTH_BYTES: Final = 16
"""The length of a subscription's authentication secret (RFC 8291 §3.2)."""
PAYLOAD_BYTES: Final = 3000
"""The largest JSON payload sent: the push services take about 4 KB once encrypted and
encoded, and the encryption adds its header, padding and tag."""
URGENCIES: Final = ("very-low", "low", "normal", "high")
"""The values of the ``Urgency`` header (RFC 8030 §5.3)."""
TOPIC: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A ``Topic`` header's value: at most 32 characters of the base64url alphabet (RFC 8030
§5.4)."""
_DEFAULT_PORTS: Final = {"http": 80, "https": 443}
_HOST_NAME: Final = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)*")
"""A host name as DNS writes it (lower case, as ``urlsplit`` gives it): nothing that
another URL parser could read as the end of the host (a backslash, a percent sign)."""
_BASE64URL: Final = re.compile(r"[A-Za-z0-9_-]+={0,2}")


class SubscriptionError(WordedError):
    """A push subscription refused: ``template`` (``N_``-marked) and its ``fields`` say why,
    for the surface to word in its user's language."""


SUBSCRIPTION_FORM: Final = N_(
    "A push subscription is the browser's: an endpoint and the keys p256dh and auth."
)
ENDPOINT_TOO_LONG: Final = N_("A push subscription's endpoint is at most {most} characters long.")
ENDPOINT_NOT_HTTPS: Final = N_(
    "A push subscription's endpoint is an https:// address on the standard port."
)
ENDPOINT_NOT_A_SERVICE: Final = N_(
    "A push subscription's endpoint is at a browser's push service, not at {host}."
)
KEY_NOT_BASE64URL: Final = N_("A push subscription's key {key} is not base64url.")
P256DH_NOT_A_POINT: Final = N_("A push subscription's key p256dh is not a P-256 public key.")
AUTH_WRONG_SIZE: Final = N_("A push subscription's key auth is {size} bytes long.")


def _b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64url_decode(text: str) -> bytes | None:
    """The bytes of base64url text (padded or not, as browsers differ), or None."""
    if not _BASE64URL.fullmatch(text) or ("=" in text and len(text) % 4):
        return None
    body = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except binascii.Error:  # a length of 4n+1: no byte string encodes so
        return None


@dataclass(frozen=True, slots=True, eq=False)
class PushKeys:
    """The server's VAPID key pair (P-256): the browsers accept a push only when it is
    signed by the key their subscription was made with."""

    private_key: ec.EllipticCurvePrivateKey = field(repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.private_key.curve, ec.SECP256R1):
            raise ValueError("a VAPID key is on the curve P-256")

    @classmethod
    def generate(cls) -> PushKeys:
        return cls(ec.generate_private_key(ec.SECP256R1()))

    @classmethod
    def from_pem(cls, pem: bytes) -> PushKeys:
        """Keys from a PEM private key (PKCS#8 or SEC 1, unencrypted)."""
        key = serialization.load_pem_private_key(pem, password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError("a VAPID key is an elliptic-curve key")
        return cls(key)

    def to_pem(self) -> bytes:
        """The private key as PKCS#8 PEM: what ``py_vapid``'s ``Vapid.save_key`` writes,
        so that its tools (``vapid --sign``) read the same file."""
        return self.private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )

    @classmethod
    def load_or_create(cls, path: Path) -> PushKeys:
        """The keys in ``path``, made and saved there (readable by its owner only) when the
        file is missing. ``py_vapid``'s ``Vapid.from_file`` would make one too, but with the
        process's umask (readable by all, often) and into an existing directory only.

        Two processes starting at once keep the same key: each writes a whole file aside
        and links it into place, which fails for the second, who reads the first's."""
        try:
            return cls.from_pem(path.read_bytes())
        except FileNotFoundError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        keys = cls.generate()
        descriptor, aside = tempfile.mkstemp(dir=path.parent, prefix=".vapid-")  # mode 0600
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(keys.to_pem())
            os.link(aside, path)
        except FileExistsError:
            return cls.from_pem(path.read_bytes())
        finally:
            os.unlink(aside)
        return keys

    @property
    def application_server_key(self) -> str:
        """The public key as the page gives it to ``pushManager.subscribe``: the
        uncompressed point (65 bytes, 0x04 first), base64url without padding."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return _b64url_encode(point)

    def vapid(self) -> Vapid02:
        """The key as ``pywebpush`` signs with it (RFC 8292's ``vapid t=..., k=...``)."""
        return Vapid02(private_key=self.private_key)


def _origin(parts: SplitResult) -> tuple[str, str, int] | None:
    """An URL's origin (scheme, host, port with the scheme's default), None if it has none."""
    try:
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname
    if parts.scheme not in ("http", "https") or not host or "@" in parts.netloc:
        return None
    return parts.scheme, host, port if port is not None else _DEFAULT_PORTS[parts.scheme]


def _serialized(origin: tuple[str, str, int]) -> str:
    scheme, host, port = origin
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" if port == _DEFAULT_PORTS[scheme] else f"{scheme}://{host}:{port}"


def _check_endpoint(endpoint: str, services: Sequence[str]) -> None:
    if len(endpoint) > ENDPOINT_LENGTH:
        raise SubscriptionError(ENDPOINT_TOO_LONG, most=ENDPOINT_LENGTH)
    # Printable ASCII only: a browser's endpoint is, and no space or control character can
    # make the URL requests sends differ from the one checked here.
    parts = urlsplit(endpoint)
    origin = _origin(parts) if endpoint.isascii() and endpoint.isprintable() else None
    if origin is None or " " in endpoint:
        raise SubscriptionError(ENDPOINT_NOT_HTTPS)
    for service in services:
        if "://" in service:
            if origin == _origin(urlsplit(service)):
                return
        elif (
            origin[0] == "https"
            and origin[2] == 443
            and _HOST_NAME.fullmatch(origin[1])
            and (origin[1] == service or origin[1].endswith("." + service))
        ):
            return
    if origin[0] != "https" or origin[2] != 443:
        raise SubscriptionError(ENDPOINT_NOT_HTTPS)
    raise SubscriptionError(ENDPOINT_NOT_A_SERVICE, host=origin[1])


@dataclass(frozen=True, slots=True)
class Subscription:
    """A browser's push subscription: where to POST (``endpoint``, at its push service),
    and its keys for the encryption (``p256dh``, its public key; ``auth``, a shared
    secret), base64url as the browser wrote them. Made from what a client sent only
    through ``from_json``, which checks it."""

    endpoint: str
    p256dh: str
    auth: str

    @classmethod
    def from_json(cls, data: object, services: Sequence[str] = PUSH_SERVICES) -> Subscription:
        """A subscription from ``PushSubscription.toJSON()``'s form, ``{"endpoint": ...,
        "keys": {"p256dh": ..., "auth": ...}}`` (with or without its ``expirationTime``,
        which the push service enforces anyway); ``SubscriptionError`` for anything else,
        an endpoint at a host not in ``services``, or keys that cannot encrypt."""
        if not (
            isinstance(data, Mapping)
            and {"endpoint", "keys"} <= set(data) <= {"endpoint", "keys", "expirationTime"}
            and isinstance(data["endpoint"], str)
            and isinstance(keys := data["keys"], Mapping)
            and set(keys) == {"p256dh", "auth"}
            and all(isinstance(value, str) for value in keys.values())
        ):
            raise SubscriptionError(SUBSCRIPTION_FORM)
        expiration = data.get("expirationTime")
        if isinstance(expiration, bool) or not isinstance(expiration, int | float | None):
            raise SubscriptionError(SUBSCRIPTION_FORM)
        endpoint, p256dh, auth = data["endpoint"], keys["p256dh"], keys["auth"]
        _check_endpoint(endpoint, services)
        point, secret = _b64url_decode(p256dh), _b64url_decode(auth)
        if point is None:
            raise SubscriptionError(KEY_NOT_BASE64URL, key="p256dh")
        if secret is None:
            raise SubscriptionError(KEY_NOT_BASE64URL, key="auth")
        if len(point) != 65 or point[0] != 0x04:
            raise SubscriptionError(P256DH_NOT_A_POINT)
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        except ValueError:  # not on the curve: no shared secret could be agreed on it
            raise SubscriptionError(P256DH_NOT_A_POINT) from None
        if len(secret) != AUTH_BYTES:
            raise SubscriptionError(AUTH_WRONG_SIZE, size=AUTH_BYTES)
        return cls(endpoint, p256dh, auth)

    def to_json(self) -> dict[str, Any]:
        """The browser's form again (what ``from_json`` reads, what ``pywebpush`` takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Delivery(enum.Enum):
    """What became of a push."""

    SENT = "sent"
    """The push service took it (it delivers when the browser is next online, within the
    TTL)."""
    GONE = "gone"
    """The subscription is no more (404 or 410: the browser unsubscribed or expired it):
    the caller forgets it."""
    FAILED = "failed"
    """Anything else: another status, a timeout, no connection. The subscription stays."""


def _subject_problem(subject: str) -> bool:
    # py_vapid refuses a bad subject with its own exception while signing: refused here,
    # before anything else, as the caller's mistake it is.
    if subject.startswith("mailto:"):
        return "@" not in subject
    return not subject.startswith("https://")


def send(
    subscription: Subscription,
    payload: Mapping[str, object],
    keys: PushKeys,
    *,
    subject: str,
    ttl: int = 86400,
    urgency: str = "normal",
    topic: str | None = None,
    timeout: float = 5.0,
) -> Delivery:
    """Push ``payload`` (as JSON) to ``subscription``, signed with ``keys`` for the push
    service to know whom to tell of abuse (``subject``: the operator's ``mailto:`` or
    ``https:`` URL). The push service keeps it ``ttl`` seconds for a browser offline,
    delivers it by ``urgency`` (``URGENCIES``), and replaces an undelivered push of the
    same ``topic`` with it (a table's id: only its latest news matters).

    Blocking, at most about ``timeout`` seconds to connect and as many to read; never
    raises for the network (``Delivery.FAILED``, logged). ``ValueError`` for the caller's
    mistakes: a payload over ``PAYLOAD_BYTES``, a bad urgency, topic, TTL or subject."""
    data = json.dumps(dict(payload), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    if len(data.encode()) > PAYLOAD_BYTES:
        raise ValueError(f"a push payload is at most {PAYLOAD_BYTES} bytes of JSON")
    if urgency not in URGENCIES:
        raise ValueError(f"a push's urgency is one of {', '.join(URGENCIES)}")
    if topic is not None and not TOPIC.fullmatch(topic):
        raise ValueError("a push's topic is 1 to 32 characters of base64url")
    if isinstance(ttl, bool) or not isinstance(ttl, int) or ttl < 0:
        raise ValueError("a push's TTL is a whole number of seconds, at least 0")
    if _subject_problem(subject):
        raise ValueError("a push's subject is a mailto: or https: URL")
    parts = urlsplit(subscription.endpoint)
    host = parts.hostname or "?"
    headers: dict[str, str | int | float] = {"Urgency": urgency}
    if topic is not None:
        headers["Topic"] = topic
    claims: dict[str, str | int] = {"sub": subject}
    origin = _origin(parts)
    if origin is not None:
        # The audience as RFC 6454 writes an origin: pywebpush would copy the netloc, an
        # explicit ":443" included, which a push service need not recognize.
        claims["aud"] = _serialized(origin)
    # No redirect is followed: the endpoint was checked, where it redirects to was not.
    session = requests.Session()
    session.max_redirects = 0
    try:
        webpush(
            subscription.to_json(),
            data=data,
            vapid_private_key=keys.vapid(),
            # A new dict each time: pywebpush writes "exp" (12 hours ahead) in it.
            vapid_claims=claims,
            content_encoding="aes128gcm",
            timeout=timeout,
            ttl=ttl,
            headers=headers,
            requests_session=session,
        )
    except VapidException as error:
        raise ValueError(f"VAPID refused the claims {claims}: {error}") from None
    except WebPushException as error:
        # pywebpush raises for any status above 202, with the response.
        status = error.status_code
        if status in (404, 410):
            return Delivery.GONE
        if status is not None and 200 <= status < 300:
            return Delivery.SENT
        log.warning("push to %s refused: status %s", host, status)
        return Delivery.FAILED
    except (requests.RequestException, OSError) as error:
        # The exception's text would hold the endpoint's path: its class says enough.
        log.warning("push to %s failed: %s", host, type(error).__name__)
        return Delivery.FAILED
    finally:
        session.close()
    return Delivery.SENT
