"""Web Push (``pegboard.web.push``, issue 39's notifications): a push goes, encrypted for
one browser and signed with the server's VAPID key, to a local push service (an HTTP
server on 127.0.0.1 that records what it is sent); a test browser (a P-256 key pair and an
auth secret, made here) decrypts it. The JWT is verified here with ``cryptography``, not by
the library that made it. Subscriptions a client sends are checked before anything is
posted to them."""

from __future__ import annotations

import base64
import json
import logging
import socket
import stat
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from py_vapid import Vapid02

from pegboard.web.push import (
    AUTH_WRONG_SIZE,
    ENDPOINT_NOT_A_SERVICE,
    ENDPOINT_NOT_HTTPS,
    ENDPOINT_TOO_LONG,
    KEY_NOT_BASE64URL,
    P256DH_NOT_A_POINT,
    PUSH_SERVICES,
    SUBSCRIPTION_FORM,
    Delivery,
    PushKeys,
    Subscription,
    SubscriptionError,
    send,
)

SUBJECT = "mailto:operator@example.org"
SAFETY = 30.0
"""How long a helper thread may wait for the test before giving up (never reached)."""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# -- a local push service, and a browser ---------------------------------------------------


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    """By lower-case name (HTTP's are case-insensitive; pywebpush sends them in lower case)."""
    body: bytes


@dataclass
class PushService:
    """An HTTP server on 127.0.0.1 that records each request and answers ``status`` (with
    ``location`` for a redirect), or, when ``hang``, answers nothing until the test ends."""

    status: int = 201
    location: str | None = None
    hang: bool = False
    received: list[Received] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                service.received.append(
                    Received(
                        "POST",
                        self.path,
                        {name.lower(): value for name, value in self.headers.items()},
                        self.rfile.read(length),
                    )
                )
                if service.hang:
                    service.release.wait(SAFETY)
                    return
                self.send_response(service.status)
                if service.location is not None:
                    self.send_header("Location", service.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # server_close() joins the request threads: no thread outlives the test.
        self.server.daemon_threads = False
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,))
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


@pytest.fixture
def service() -> Iterator[PushService]:
    threads = set(threading.enumerate())
    running = PushService()
    running.start()
    yield running
    running.stop()
    assert set(threading.enumerate()) <= threads  # the server's threads are all gone


@dataclass
class Browser:
    """What a browser keeps of its subscription: its key pair and auth secret."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: bytes(range(16)))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """``PushSubscription.toJSON()``, as the page sends it."""
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        return bytes(
            http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        )


def subscribed(browser: Browser, service: PushService, path: str = "/push/abc") -> Subscription:
    return Subscription.from_json(
        browser.subscription(service.origin + path), services=(service.origin,)
    )


def vapid_claims(authorization: str, public_key: ec.EllipticCurvePublicKey) -> dict[str, Any]:
    """The claims of ``Authorization: vapid t=JWT, k=KEY`` once the JWT's ES256 signature
    (raw r||s) is verified with ``public_key``; InvalidSignature otherwise."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid"
    params = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert set(params) == {"t", "k"}
    header, claims, signature = params["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public_key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    decoded: dict[str, Any] = json.loads(unb64url(claims))
    decoded["k"] = params["k"]
    return decoded


# -- what is sent --------------------------------------------------------------------------


def test_a_push_is_posted_encrypted_for_the_browser_and_signed_by_the_server(
    service: PushService,
) -> None:
    browser, keys = Browser(), PushKeys.generate()
    payload = {"table": "t42", "text": "आपकी बारी · 轮到你了"}
    delivery = send(
        subscribed(browser, service, "/push/abc?x=1"),
        payload,
        keys,
        subject=SUBJECT,
        ttl=600,
        urgency="high",
        topic="t42",
    )
    assert delivery is Delivery.SENT
    [request] = service.received
    assert (request.method, request.path) == ("POST", "/push/abc?x=1")
    headers = request.headers
    assert headers["content-encoding"] == "aes128gcm"
    assert (headers["ttl"], headers["urgency"], headers["topic"]) == ("600", "high", "t42")
    assert json.loads(browser.decrypt(request.body)) == payload
    # The body is ciphertext: the payload's text is nowhere in it.
    assert "आपकी बारी".encode() not in request.body

    before = time.time()
    claims = vapid_claims(headers["authorization"], keys.private_key.public_key())
    assert claims["k"] == keys.application_server_key
    assert claims["aud"] == service.origin
    assert claims["sub"] == SUBJECT
    assert before < claims["exp"] <= time.time() + 24 * 3600  # RFC 8292 §2


def test_the_defaults_are_a_day_s_ttl_normal_urgency_and_no_topic(service: PushService) -> None:
    assert send(subscribed(Browser(), service), {}, PushKeys.generate(), subject=SUBJECT) is (
        Delivery.SENT
    )
    headers = service.received[0].headers
    assert (headers["ttl"], headers["urgency"]) == ("86400", "normal")
    assert "topic" not in headers


def test_the_checks_of_a_push_catch_their_faults(service: PushService) -> None:
    """A wrong auth secret or browser key cannot decrypt; another key's public key, or
    changed claims, do not verify the JWT."""
    browser, keys = Browser(), PushKeys.generate()
    send(subscribed(browser, service), {"a": 1}, keys, subject=SUBJECT)
    [request] = service.received
    browser.decrypt(request.body)
    with pytest.raises(http_ece.ECEException, match="InvalidTag"):
        Browser(key=browser.key, auth=bytes(16)).decrypt(request.body)
    with pytest.raises(http_ece.ECEException, match="InvalidTag"):
        Browser(auth=browser.auth).decrypt(request.body)
    authorization = request.headers["authorization"]
    with pytest.raises(InvalidSignature):
        vapid_claims(authorization, PushKeys.generate().private_key.public_key())
    token = authorization.split("t=", 1)[1].split(",", 1)[0]
    header, claims, signature = token.split(".")
    forged = b64url(json.dumps({**json.loads(unb64url(claims)), "sub": "mailto:x@y.z"}).encode())
    with pytest.raises(InvalidSignature):
        vapid_claims(
            authorization.replace(token, f"{header}.{forged}.{signature}"),
            keys.private_key.public_key(),
        )


@pytest.mark.parametrize(
    ("status", "delivery"),
    [
        (201, Delivery.SENT),
        (200, Delivery.SENT),
        (202, Delivery.SENT),
        (204, Delivery.SENT),
        (404, Delivery.GONE),
        (410, Delivery.GONE),
        (400, Delivery.FAILED),
        (413, Delivery.FAILED),
        (429, Delivery.FAILED),
        (500, Delivery.FAILED),
        (503, Delivery.FAILED),
    ],
)
def test_the_push_service_s_status_says_what_became_of_the_push(
    service: PushService, status: int, delivery: Delivery
) -> None:
    service.status = status
    assert send(subscribed(Browser(), service), {}, PushKeys.generate(), subject=SUBJECT) is (
        delivery
    )
    assert len(service.received) == 1


def test_a_redirect_is_not_followed(service: PushService) -> None:
    """The endpoint was checked; where it redirects to was not."""
    service.status, service.location = 307, service.origin + "/elsewhere"
    assert send(subscribed(Browser(), service), {}, PushKeys.generate(), subject=SUBJECT) is (
        Delivery.FAILED
    )
    assert [request.path for request in service.received] == ["/push/abc"]


def test_a_push_service_that_never_answers_is_a_failure(
    service: PushService, caplog: pytest.LogCaptureFixture
) -> None:
    service.hang = True
    browser = Browser()
    subscription = subscribed(browser, service)
    with caplog.at_level(logging.WARNING, logger="pegboard.web.push"):
        delivery = send(subscription, {}, PushKeys.generate(), subject=SUBJECT, timeout=0.5)
    assert delivery is Delivery.FAILED
    assert "127.0.0.1" in caplog.text
    # The endpoint's path and the keys are the subscription's secrets: never logged.
    for secret in ("/push/abc", subscription.p256dh, subscription.auth):
        assert secret not in caplog.text


def test_a_closed_port_is_a_failure(caplog: pytest.LogCaptureFixture) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        origin = f"http://127.0.0.1:{probe.getsockname()[1]}"
    subscription = Subscription.from_json(
        Browser().subscription(origin + "/push/abc"), services=(origin,)
    )
    with caplog.at_level(logging.WARNING, logger="pegboard.web.push"):
        assert send(subscription, {}, PushKeys.generate(), subject=SUBJECT) is Delivery.FAILED
    assert "/push/abc" not in caplog.text


@pytest.mark.parametrize(
    "mistake",
    [
        {"payload": {"x": "a" * 2993}},  # 3,001 bytes of JSON
        {"payload": {"x": "क" * 998}},  # 3,002 bytes: UTF-8 bytes are counted, not characters
        {"urgency": "urgent"},
        {"topic": "a" * 33},
        {"topic": ""},
        {"topic": "table 42"},
        {"topic": "t+42"},
        {"ttl": -1},
        {"subject": "operator@example.org"},
        {"subject": "http://example.org"},
    ],
)
def test_the_caller_s_mistakes_are_refused_before_anything_is_sent(
    service: PushService, mistake: dict[str, Any]
) -> None:
    arguments: dict[str, Any] = {"payload": {}, "subject": SUBJECT, **mistake}
    with pytest.raises(ValueError):
        send(subscribed(Browser(), service), keys=PushKeys.generate(), **arguments)
    assert service.received == []


def test_the_limits_themselves_are_allowed(service: PushService) -> None:
    payload = {"x": "a" * 2992}
    assert len(json.dumps(payload, separators=(",", ":"))) == 3000
    delivery = send(
        subscribed(Browser(), service),
        payload,
        PushKeys.generate(),
        subject="https://pegboard.example.org",
        topic="A" * 32,
        urgency="very-low",
        ttl=0,
    )
    assert delivery is Delivery.SENT
    assert service.received[0].headers["ttl"] == "0"


# -- subscriptions -------------------------------------------------------------------------

BROWSER = Browser()
GOOD_KEYS = {"p256dh": BROWSER.p256dh, "auth": b64url(BROWSER.auth)}
FCM = "https://fcm.googleapis.com/fcm/send/abc"


def point_off_the_curve() -> str:
    """A 65-byte uncompressed point whose y is not x's: not on P-256."""
    raw = unb64url(BROWSER.p256dh)
    y = (int.from_bytes(raw[33:], "big") + 1).to_bytes(32, "big")
    return b64url(raw[:33] + y)


@pytest.mark.parametrize(
    "endpoint",
    [
        FCM,
        "https://fcm.googleapis.com:443/fcm/send/abc",
        "https://FCM.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
        "https://web.push.apple.com/QGuQyavXutnMp",
        "https://wns2-db5p.notify.windows.com/w/?token=BQYAAAD",
        "https://fcm.googleapis.com/" + "a" * (1024 - len("https://fcm.googleapis.com/")),
    ],
)
def test_a_browser_s_subscription_is_accepted_and_given_back(endpoint: str) -> None:
    sent = {"endpoint": endpoint, "expirationTime": None, "keys": GOOD_KEYS}
    subscription = Subscription.from_json(sent)
    assert subscription == Subscription(endpoint, GOOD_KEYS["p256dh"], GOOD_KEYS["auth"])
    assert subscription.to_json() == {"endpoint": endpoint, "keys": GOOD_KEYS}
    assert Subscription.from_json(subscription.to_json()) == subscription


def test_the_expiration_time_may_be_absent_or_a_number_and_keys_padded() -> None:
    assert Subscription.from_json({"endpoint": FCM, "keys": GOOD_KEYS}).endpoint == FCM
    Subscription.from_json(
        {"endpoint": FCM, "expirationTime": 1_760_000_000_000, "keys": GOOD_KEYS}
    )
    Subscription.from_json({"endpoint": FCM, "expirationTime": 1.5e12, "keys": GOOD_KEYS})
    padded = {"p256dh": GOOD_KEYS["p256dh"] + "=", "auth": GOOD_KEYS["auth"] + "=="}
    assert Subscription.from_json({"endpoint": FCM, "keys": padded}).auth == padded["auth"]


def test_a_listed_origin_allows_exactly_that_origin() -> None:
    local = "http://127.0.0.1:8123"
    accepted = Subscription.from_json(
        {"endpoint": local + "/push/1", "keys": GOOD_KEYS}, services=(local,)
    )
    assert accepted.endpoint == local + "/push/1"
    for other in ("http://127.0.0.1:8124/push/1", "https://127.0.0.1:8123/push/1"):
        with pytest.raises(SubscriptionError) as refused:
            Subscription.from_json({"endpoint": other, "keys": GOOD_KEYS}, services=(local,))
        assert refused.value.template == ENDPOINT_NOT_HTTPS
    # Not allowed unless listed; and a list without the browsers' services allows none.
    with pytest.raises(SubscriptionError):
        Subscription.from_json({"endpoint": local + "/push/1", "keys": GOOD_KEYS})
    with pytest.raises(SubscriptionError):
        Subscription.from_json({"endpoint": FCM, "keys": GOOD_KEYS}, services=(local,))
    assert "fcm.googleapis.com" in PUSH_SERVICES


@pytest.mark.parametrize(
    "data",
    [
        None,
        "https://fcm.googleapis.com/fcm/send/abc",
        [FCM, GOOD_KEYS],
        {},
        {"endpoint": FCM},
        {"keys": GOOD_KEYS},
        {"endpoint": FCM, "keys": {"p256dh": GOOD_KEYS["p256dh"]}},
        {"endpoint": FCM, "keys": {**GOOD_KEYS, "extra": "x"}},
        {"endpoint": FCM, "keys": GOOD_KEYS, "extra": 1},
        {"endpoint": FCM, "keys": [GOOD_KEYS["p256dh"], GOOD_KEYS["auth"]]},
        {"endpoint": 7, "keys": GOOD_KEYS},
        {"endpoint": FCM, "keys": {"p256dh": GOOD_KEYS["p256dh"], "auth": 16}},
        {"endpoint": FCM, "keys": GOOD_KEYS, "expirationTime": "tomorrow"},
        {"endpoint": FCM, "keys": GOOD_KEYS, "expirationTime": True},
    ],
)
def test_anything_but_the_browser_s_form_is_refused(data: object) -> None:
    with pytest.raises(SubscriptionError) as refused:
        Subscription.from_json(data)
    assert refused.value.template == SUBSCRIPTION_FORM
    assert str(refused.value) == (
        "A push subscription is the browser's: an endpoint and the keys p256dh and auth."
    )


@pytest.mark.parametrize(
    ("endpoint", "template", "fields"),
    [
        ("https://evil.example/x", ENDPOINT_NOT_A_SERVICE, {"host": "evil.example"}),
        (
            "https://fcm.googleapis.com.evil.example/x",
            ENDPOINT_NOT_A_SERVICE,
            {"host": "fcm.googleapis.com.evil.example"},
        ),
        (
            "https://notfcm.googleapis.com/x",
            ENDPOINT_NOT_A_SERVICE,
            {"host": "notfcm.googleapis.com"},
        ),
        (
            "https://evil.example\\.fcm.googleapis.com/x",
            ENDPOINT_NOT_A_SERVICE,
            {"host": "evil.example\\.fcm.googleapis.com"},
        ),
        ("https://127.0.0.1/x", ENDPOINT_NOT_A_SERVICE, {"host": "127.0.0.1"}),
        ("http://fcm.googleapis.com/x", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com:8443/x", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com:99999/x", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com:x/x", ENDPOINT_NOT_HTTPS, {}),
        ("https://user@fcm.googleapis.com/x", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com@evil.example/x", ENDPOINT_NOT_HTTPS, {}),
        ("ftp://fcm.googleapis.com/x", ENDPOINT_NOT_HTTPS, {}),
        ("fcm.googleapis.com/fcm/send/abc", ENDPOINT_NOT_HTTPS, {}),
        ("https:///fcm/send/abc", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com/fcm/send/a b", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com/fcm/send/a\nb", ENDPOINT_NOT_HTTPS, {}),
        ("https://fcm.googleapis.com/fcm/send/é", ENDPOINT_NOT_HTTPS, {}),
        ("", ENDPOINT_NOT_HTTPS, {}),
        (
            "https://fcm.googleapis.com/" + "a" * (1025 - len("https://fcm.googleapis.com/")),
            ENDPOINT_TOO_LONG,
            {"most": 1024},
        ),
    ],
)
def test_an_endpoint_elsewhere_than_at_a_push_service_is_refused(
    endpoint: str, template: str, fields: dict[str, Any]
) -> None:
    with pytest.raises(SubscriptionError) as refused:
        Subscription.from_json({"endpoint": endpoint, "keys": GOOD_KEYS})
    assert (refused.value.template, refused.value.fields) == (template, fields)
    assert str(refused.value) == template.format(**fields)


def test_the_endpoint_refusals_read_as_english() -> None:
    with pytest.raises(
        SubscriptionError,
        match=r"^A push subscription's endpoint is at a "
        r"browser's push service, not at evil\.example\.$",
    ):
        Subscription.from_json({"endpoint": "https://evil.example/x", "keys": GOOD_KEYS})
    with pytest.raises(SubscriptionError, match=r"is an https:// address on the standard port"):
        Subscription.from_json({"endpoint": "http://fcm.googleapis.com/x", "keys": GOOD_KEYS})
    with pytest.raises(SubscriptionError, match=r"is at most 1024 characters long\.$"):
        Subscription.from_json({"endpoint": FCM + "a" * 1024, "keys": GOOD_KEYS})


@pytest.mark.parametrize(
    ("keys", "template", "fields"),
    [
        ({"p256dh": "not base64!"}, KEY_NOT_BASE64URL, {"key": "p256dh"}),
        (
            {"p256dh": BROWSER.p256dh.replace("-", "+").replace("_", "/") + "+/"},
            KEY_NOT_BASE64URL,
            {"key": "p256dh"},
        ),
        ({"p256dh": ""}, KEY_NOT_BASE64URL, {"key": "p256dh"}),
        ({"auth": "AAAAA"}, KEY_NOT_BASE64URL, {"key": "auth"}),
        ({"auth": GOOD_KEYS["auth"] + "="}, KEY_NOT_BASE64URL, {"key": "auth"}),
        ({"auth": "AAAA===="}, KEY_NOT_BASE64URL, {"key": "auth"}),
        ({"p256dh": point_off_the_curve()}, P256DH_NOT_A_POINT, {}),
        ({"p256dh": b64url(b"\x05" + unb64url(BROWSER.p256dh)[1:])}, P256DH_NOT_A_POINT, {}),
        ({"p256dh": b64url(unb64url(BROWSER.p256dh)[:64])}, P256DH_NOT_A_POINT, {}),
        (
            {
                "p256dh": b64url(
                    BROWSER.key.public_key().public_bytes(
                        serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint
                    )
                )
            },
            P256DH_NOT_A_POINT,
            {},
        ),
        ({"auth": b64url(bytes(15))}, AUTH_WRONG_SIZE, {"size": 16}),
        ({"auth": b64url(bytes(17))}, AUTH_WRONG_SIZE, {"size": 16}),
    ],
)
def test_keys_that_cannot_encrypt_are_refused(
    keys: dict[str, str], template: str, fields: dict[str, Any]
) -> None:
    with pytest.raises(SubscriptionError) as refused:
        Subscription.from_json({"endpoint": FCM, "keys": {**GOOD_KEYS, **keys}})
    assert (refused.value.template, refused.value.fields) == (template, fields)
    assert str(refused.value) == template.format(**fields)


def test_the_point_check_catches_its_fault() -> None:
    """The point off the curve differs from a good one in one bit of y: only the curve's
    equation tells them apart."""
    good, bad = unb64url(BROWSER.p256dh), unb64url(point_off_the_curve())
    assert len(good) == len(bad) == 65 and good[:33] == bad[:33] and good[0] == 0x04
    Subscription.from_json({"endpoint": FCM, "keys": GOOD_KEYS})
    with pytest.raises(SubscriptionError, match="not a P-256 public key"):
        Subscription.from_json({"endpoint": FCM, "keys": {**GOOD_KEYS, "p256dh": b64url(bad)}})


# -- the server's keys ---------------------------------------------------------------------


def test_the_keys_are_made_once_readable_by_their_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "state" / "push" / "vapid.pem"
    made = PushKeys.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["vapid.pem"]  # nothing left aside
    read = PushKeys.load_or_create(path)
    assert read.application_server_key == made.application_server_key
    assert read.private_key.private_numbers() == made.private_key.private_numbers()
    # py_vapid's own reader reads the same key (its tools can sign with the file).
    vapid = Vapid02.from_file(str(path))
    assert vapid.public_key.public_numbers() == made.private_key.public_key().public_numbers()
    # Another file, another key.
    assert PushKeys.load_or_create(tmp_path / "other.pem").application_server_key != (
        made.application_server_key
    )


def test_the_application_server_key_is_the_uncompressed_point_in_base64url() -> None:
    keys = PushKeys.generate()
    text = keys.application_server_key
    assert "=" not in text and len(text) == 87
    point = unb64url(text)
    assert len(point) == 65 and point[0] == 0x04
    numbers = keys.private_key.public_key().public_numbers()
    assert point[1:] == numbers.x.to_bytes(32, "big") + numbers.y.to_bytes(32, "big")
    assert "private_key" not in repr(keys)


def test_a_key_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    p384 = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    (tmp_path / "p384.pem").write_bytes(p384)
    with pytest.raises(ValueError, match="P-256"):
        PushKeys.load_or_create(tmp_path / "p384.pem")
    (tmp_path / "junk.pem").write_bytes(b"not a key")
    with pytest.raises(ValueError):
        PushKeys.load_or_create(tmp_path / "junk.pem")
