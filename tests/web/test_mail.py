"""Mail (``pegboard.web.mail``, issue 39's notifications): messages sent to a local SMTP
server (aiosmtpd on 127.0.0.1, an ephemeral port, stopped by each test) arrive whole, with
a login when the server asks for one, over STARTTLS or TLS with a certificate the test
makes and trusts; what cannot be sent is told by False, never raised. The server's URL is
parsed and written back, its password never shown."""

from __future__ import annotations

import datetime
import email
import email.policy
import ipaddress
import logging
import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from pegboard.web.mail import (
    BAD_PORT,
    BAD_SENDER,
    NO_HOST,
    NO_SENDER,
    UNKNOWN_SCHEME,
    MailError,
    SmtpServer,
    send,
)

SENDER = "noreply@pegboard.example.org"
USER, PASSWORD = "pegboard", "s3cret p@ss:w/rd%"
BODY = "आपकी बारी है: मेज़ 42 पर आपकी चाल।\n轮到你了：42 号桌等你出牌。\n"


class LocalController(Controller):
    """aiosmtpd's Controller on an ephemeral port: it checks its server by connecting to
    ``self.port``, which is 0 until the server is bound; the port it got is read then."""

    def _trigger_server(self) -> None:
        assert self.server is not None
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


class Inbox:
    """What the server accepted, as messages."""

    def __init__(self) -> None:
        self.envelopes: list[Envelope] = []

    async def handle_DATA(  # noqa: N802 (aiosmtpd's hook name)
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"

    def messages(self) -> list[EmailMessage]:
        return [
            email.message_from_bytes(e.original_content or b"", policy=email.policy.default)
            for e in self.envelopes
        ]


def authenticator(
    server: SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: Any
) -> AuthResult:
    good = isinstance(auth_data, LoginPassword) and auth_data == (
        USER.encode(),
        PASSWORD.encode(),
    )
    # handled=False: aiosmtpd answers the refusal itself (535); True would leave the client
    # waiting for an answer the authenticator was to send.
    return AuthResult(success=good, handled=False)


Start = Callable[..., tuple[LocalController, Inbox]]
NO_TLS_NEEDED = pytest.mark.filterwarnings(
    "ignore:Requiring AUTH while not requiring TLS:UserWarning"
)
"""aiosmtpd warns of a login taken without TLS: what the plain tests of logging in ask."""


@pytest.fixture
def smtp() -> Iterator[Start]:
    """Starts local SMTP servers (aiosmtpd's keyword arguments); stops them all after."""
    threads = set(threading.enumerate())
    started: list[LocalController] = []

    def start(inbox: Inbox | None = None, **kwargs: Any) -> tuple[LocalController, Inbox]:
        inbox = Inbox() if inbox is None else inbox
        controller = LocalController(inbox, hostname="127.0.0.1", port=0, **kwargs)
        controller.start()
        started.append(controller)
        return controller, inbox

    yield start
    for controller in started:
        controller.stop()
    assert set(threading.enumerate()) <= threads  # the servers' threads are all gone


def message(to: str = "ana@example.org") -> EmailMessage:
    note = EmailMessage()
    note["To"] = to
    note["Subject"] = "Your turn · आपकी बारी · 轮到你了"
    note.set_content(BODY)
    return note


def url(controller: LocalController, scheme: str = "smtp", login: str = "") -> str:
    return f"{scheme}://{login}127.0.0.1:{controller.port}?from={SENDER}"


# -- sending -------------------------------------------------------------------------------


def test_a_message_arrives_whole(smtp: Start) -> None:
    controller, inbox = smtp()
    assert send(SmtpServer.parse(url(controller)), message()) is True
    [envelope] = inbox.envelopes
    assert (envelope.mail_from, envelope.rcpt_tos) == (SENDER, ["ana@example.org"])
    [arrived] = inbox.messages()
    assert arrived["Subject"] == "Your turn · आपकी बारी · 轮到你了"
    assert (arrived["From"], arrived["To"]) == (SENDER, "ana@example.org")
    assert arrived.get_content() == BODY


def test_a_message_s_own_sender_is_kept(smtp: Start) -> None:
    controller, inbox = smtp()
    note = message()
    note["From"] = "Pegboard <tables@pegboard.example.org>"
    assert send(SmtpServer.parse(url(controller)), note)
    assert inbox.messages()[0]["From"] == "Pegboard <tables@pegboard.example.org>"


@NO_TLS_NEEDED
def test_a_login_is_made_when_the_server_asks_for_one(smtp: Start) -> None:
    controller, inbox = smtp(
        authenticator=authenticator, auth_required=True, auth_require_tls=False
    )
    login = f"{USER}:{'s3cret%20p%40ss%3Aw%2Frd%25'}@"
    assert SmtpServer.parse(url(controller, login=login)).password == PASSWORD
    assert send(SmtpServer.parse(url(controller, login=login)), message()) is True
    assert len(inbox.envelopes) == 1


@NO_TLS_NEEDED
def test_a_wrong_password_or_none_is_a_failure(
    smtp: Start, caplog: pytest.LogCaptureFixture
) -> None:
    controller, inbox = smtp(
        authenticator=authenticator, auth_required=True, auth_require_tls=False
    )
    with caplog.at_level(logging.WARNING, logger="pegboard.web.mail"):
        assert send(SmtpServer.parse(url(controller, login=f"{USER}:wrong-one@")), message()) is (
            False
        )
        assert send(SmtpServer.parse(url(controller)), message()) is False
    assert inbox.envelopes == []
    assert f"smtp://{USER}:***@127.0.0.1:{controller.port}" in caplog.text
    assert "wrong-one" not in caplog.text


def test_a_closed_port_is_a_failure_logged_without_the_password(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = SmtpServer.parse(f"smtp://{USER}:hunter2@127.0.0.1:{port}?from={SENDER}")
    with caplog.at_level(logging.WARNING, logger="pegboard.web.mail"):
        assert send(server, message(), timeout=5) is False
    assert str(server) in caplog.text
    assert "hunter2" not in caplog.text


def test_recipients_the_server_refuses_are_a_failure(smtp: Start) -> None:
    class Picky(Inbox):
        async def handle_RCPT(  # noqa: N802 (aiosmtpd's hook name)
            self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
        ) -> str:
            if address.endswith("@nowhere.example"):
                return "550 No such user"
            envelope.rcpt_tos.append(address)
            return "250 OK"

    controller, _ = smtp(Picky())
    server = SmtpServer.parse(url(controller))
    assert send(server, message("bo@nowhere.example")) is False
    assert send(server, message("ana@example.org, bo@nowhere.example")) is False
    assert send(server, message("ana@example.org")) is True


# -- over TLS, with a certificate the test makes -------------------------------------------


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, ssl.SSLContext]:
    """A self-signed certificate for 127.0.0.1 (its file, for the client to trust) and the
    server's TLS context with it."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "pegboard test SMTP")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_file, key_file)
    return cert_file, context


def test_starttls_checks_the_certificate_and_then_logs_in(
    smtp: Start, certificate: tuple[Path, ssl.SSLContext], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server takes a login over TLS only (aiosmtpd's default), and STARTTLS first."""
    cert_file, context = certificate
    controller, inbox = smtp(
        tls_context=context,
        require_starttls=True,
        authenticator=authenticator,
        auth_required=True,
    )
    login = f"{USER}:{'s3cret%20p%40ss%3Aw%2Frd%25'}@"
    server = SmtpServer.parse(url(controller, "smtp+starttls", login))
    # Not trusted (the system's certificates only): nothing is sent.
    assert send(server, message()) is False
    assert inbox.envelopes == []
    # Trusted (OpenSSL reads SSL_CERT_FILE when the default context is made).
    monkeypatch.setenv("SSL_CERT_FILE", str(cert_file))
    assert send(server, message()) is True
    [arrived] = inbox.messages()
    assert arrived.get_content() == BODY
    # Without STARTTLS the same server refuses the login and the mail.
    assert send(SmtpServer.parse(url(controller, login=login)), message()) is False
    assert len(inbox.envelopes) == 1


def test_starttls_asked_of_a_server_without_it_sends_nothing(
    smtp: Start, certificate: tuple[Path, ssl.SSLContext], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    controller, inbox = smtp()
    assert send(SmtpServer.parse(url(controller, "smtp+starttls")), message()) is False
    assert inbox.envelopes == []


def test_smtps_speaks_tls_from_the_start(
    smtp: Start, certificate: tuple[Path, ssl.SSLContext], monkeypatch: pytest.MonkeyPatch
) -> None:
    cert_file, context = certificate
    controller, inbox = smtp(ssl_context=context)
    server = SmtpServer.parse(url(controller, "smtps"))
    assert server.security == "tls"
    assert send(server, message()) is False  # not trusted yet
    monkeypatch.setenv("SSL_CERT_FILE", str(cert_file))
    assert send(server, message()) is True
    assert inbox.messages()[0].get_content() == BODY


# -- the server's URL ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "server"),
    [
        (
            "smtp://mail.example.org?from=noreply@example.org",
            SmtpServer("mail.example.org", 25, "none", None, None, "noreply@example.org"),
        ),
        (
            "smtp+starttls://pegboard:***@mail.example.org?from=noreply@example.org",
            SmtpServer(
                "mail.example.org", 587, "starttls", "pegboard", "***", "noreply@example.org"
            ),
        ),
        (
            "smtps://mail.example.org?from=noreply@example.org",
            SmtpServer("mail.example.org", 465, "tls", None, None, "noreply@example.org"),
        ),
        (
            "smtps://mail.example.org:2465?from=noreply@example.org",
            SmtpServer("mail.example.org", 2465, "tls", None, None, "noreply@example.org"),
        ),
        (
            "smtp://localhost:2525?from=Pegboard%20<noreply+tables@example.org>",
            SmtpServer(
                "localhost", 2525, "none", None, None, "Pegboard <noreply+tables@example.org>"
            ),
        ),
        (
            "smtp://ana%40example.org@[::1]:587?from=ana@example.org",
            SmtpServer("::1", 587, "none", "ana@example.org", None, "ana@example.org"),
        ),
    ],
)
def test_a_server_s_url_is_read_and_written_back(text: str, server: SmtpServer) -> None:
    assert SmtpServer.parse(text) == server
    assert str(server) == text
    assert SmtpServer.parse(str(server)) == server


def test_the_url_s_parts_are_decoded_and_defaulted() -> None:
    server = SmtpServer.parse(
        "SMTP+STARTTLS://u%3Ase:p%40ss%2Fw%3Ard@Mail.Example.org:25?from=a@b.example"
    )
    assert (server.host, server.port, server.security) == ("mail.example.org", 25, "starttls")
    assert (server.user, server.password) == ("u:se", "p@ss/w:rd")
    assert str(server) == "smtp+starttls://u%3Ase:***@mail.example.org:25?from=a@b.example"
    # A user without a password logs in with an empty one; none is written then.
    assert str(SmtpServer.parse("smtp://ana@h?from=a@b.example")) == "smtp://ana@h?from=a@b.example"


def test_the_password_is_never_shown() -> None:
    server = SmtpServer.parse("smtps://pegboard:hunter2@mail.example.org?from=noreply@example.org")
    assert server.password == "hunter2"
    assert "hunter2" not in str(server)
    assert "hunter2" not in repr(server)
    assert "password" not in repr(server)
    assert "***" in str(server)


@pytest.mark.parametrize(
    ("text", "template", "fields"),
    [
        ("http://mail.example.org?from=a@b.example", UNKNOWN_SCHEME, {}),
        ("mail.example.org?from=a@b.example", UNKNOWN_SCHEME, {}),
        ("smtp+ssl://mail.example.org?from=a@b.example", UNKNOWN_SCHEME, {}),
        ("", UNKNOWN_SCHEME, {}),
        ("smtp://?from=a@b.example", NO_HOST, {}),
        ("smtp://user:pw@?from=a@b.example", NO_HOST, {}),
        ("smtp://mail.example.org:smtp?from=a@b.example", BAD_PORT, {}),
        ("smtp://mail.example.org:0?from=a@b.example", BAD_PORT, {}),
        ("smtp://mail.example.org:65536?from=a@b.example", BAD_PORT, {}),
        ("smtp://mail.example.org", NO_SENDER, {}),
        ("smtp://mail.example.org?from=", NO_SENDER, {}),
        ("smtp://mail.example.org?sender=a@b.example", NO_SENDER, {}),
        ("smtp://mail.example.org?from=a@b.example&from=c@d.example", NO_SENDER, {}),
        ("smtp://mail.example.org?from=noreply", BAD_SENDER, {"sender": "noreply"}),
        ("smtp://mail.example.org?from=@example.org", BAD_SENDER, {"sender": "@example.org"}),
        ("smtp://mail.example.org?from=noreply@", BAD_SENDER, {"sender": "noreply@"}),
        (
            "smtp://mail.example.org?from=a@b.example,c@d.example",
            BAD_SENDER,
            {"sender": "a@b.example,c@d.example"},
        ),
        (
            "smtp://mail.example.org?from=a@b.example%0ABcc:%20c@d.example",
            BAD_SENDER,
            {"sender": "a@b.example\nBcc: c@d.example"},
        ),
    ],
)
def test_a_wrong_url_is_refused_in_words(text: str, template: str, fields: dict[str, Any]) -> None:
    with pytest.raises(MailError) as refused:
        SmtpServer.parse(text)
    assert (refused.value.template, refused.value.fields) == (template, fields)
    assert str(refused.value) == template.format(**fields)


def test_the_refusals_read_as_english_and_never_repeat_the_password() -> None:
    with pytest.raises(MailError) as refused:
        SmtpServer.parse("smpt://pegboard:hunter2@mail.example.org?from=a@b.example")
    assert str(refused.value) == (
        "A mail server's address starts with smtp://, smtp+starttls:// or smtps://."
    )
    with pytest.raises(MailError, match=r"^noreply is not an e-mail address to send mail from\.$"):
        SmtpServer.parse("smtp://pegboard:hunter2@mail.example.org?from=noreply")
    with pytest.raises(MailError, match=r"^A mail server's port is a number from 1 to 65535\.$"):
        SmtpServer.parse("smtp://pegboard:hunter2@mail.example.org:x?from=a@b.example")
