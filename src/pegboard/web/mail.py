"""Mail (issue 39's notifications): messages sent through the site operator's SMTP server,
named by one URL (``SmtpServer.parse``), e.g.
``smtp+starttls://pegboard:secret@mail.example.org?from=noreply@example.org``.

``send`` is blocking (the caller runs it in a thread) and never raises for the network: a
message not sent is logged and told by ``False``, for the caller to try again or give up.
The password is the operator's secret: neither ``str`` nor ``repr`` of a server, nor any
log line, shows it.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Final, Literal
from urllib.parse import quote, unquote, urlsplit

from pegboard.core import N_, WordedError

log = logging.getLogger(__name__)

Security = Literal["none", "starttls", "tls"]

SCHEMES: Final[dict[str, tuple[Security, int]]] = {
    "smtp": ("none", 25),
    "smtp+starttls": ("starttls", 587),
    "smtps": ("tls", 465),
}
"""Each URL scheme's security and default port: plain SMTP (a relay on the same host or
network), STARTTLS on the submission port, TLS from the first byte (RFC 8314)."""


class MailError(WordedError):
    """A mail server's URL refused: ``template`` (``N_``-marked) and its ``fields`` say why,
    for the surface to word in its user's language."""


UNKNOWN_SCHEME: Final = N_(
    "A mail server's address starts with smtp://, smtp+starttls:// or smtps://."
)
NO_HOST: Final = N_("A mail server's address names no host.")
BAD_PORT: Final = N_("A mail server's port is a number from 1 to 65535.")
NO_SENDER: Final = N_(
    "A mail server's address says whom the mail is from, once: ?from=an e-mail address."
)
BAD_SENDER: Final = N_("{sender} is not an e-mail address to send mail from.")


def _is_address(text: str) -> bool:
    """Whether ``text`` is one mailbox (``a@b.example``, or ``Name <a@b.example>``): a
    line break would let it write headers of its own, a second address send copies."""
    if not text.isprintable() or "," in text:
        return False
    _, address = parseaddr(text)
    local, at, domain = address.rpartition("@")
    return bool(at and local and domain) and not any(c.isspace() for c in address)


@dataclass(frozen=True, slots=True)
class SmtpServer:
    """The operator's SMTP server: where (``host``, ``port``), how safely (``security``:
    ``"none"``, ``"starttls"`` or ``"tls"``), who logs in (``user``, ``password``; none:
    the server relays without), and the ``sender`` of the site's mail."""

    host: str
    port: int
    security: Security
    user: str | None
    password: str | None = field(repr=False)
    sender: str

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """A server from ``smtp://[user:password@]host[:port]?from=address`` (``smtp``:
        port 25, no encryption; ``smtp+starttls``: port 587; ``smtps``: port 465, TLS from
        the start); the user and password percent-encoded. ``MailError`` says what is
        wrong."""
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in SCHEMES:
            # The URL itself is not repeated: it may hold the password.
            raise MailError(UNKNOWN_SCHEME)
        security, default_port = SCHEMES[scheme]
        if not parts.hostname:
            raise MailError(NO_HOST)
        try:
            port = parts.port
        except ValueError:
            raise MailError(BAD_PORT) from None
        if port == 0:
            raise MailError(BAD_PORT)
        # Not parse_qs: "+" is a space only in HTML forms, and a plus address is common.
        query = [pair.partition("=") for pair in parts.query.split("&") if pair]
        senders = [unquote(value) for name, _, value in query if unquote(name) == "from"]
        if len(senders) != 1 or not senders[0].strip():
            raise MailError(NO_SENDER)
        sender = senders[0].strip()
        if not _is_address(sender):
            raise MailError(BAD_SENDER, sender=sender)
        return cls(
            host=parts.hostname,
            port=default_port if port is None else port,
            security=security,
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password is not None else None,
            sender=sender,
        )

    def __str__(self) -> str:
        """The URL again, its password written ``***``: what the logs show."""
        scheme = next(name for name, (security, _) in SCHEMES.items() if security == self.security)
        login = ""
        if self.user is not None:
            login = quote(self.user, safe="")
            if self.password is not None:
                login += ":***"
            login += "@"
        host = f"[{self.host}]" if ":" in self.host else self.host
        port = "" if self.port == SCHEMES[scheme][1] else f":{self.port}"
        return f"{scheme}://{login}{host}{port}?from={quote(self.sender, safe='@<>+')}"


def send(server: SmtpServer, message: EmailMessage, *, timeout: float = 10.0) -> bool:
    """Send ``message`` through ``server`` (its ``From`` set to the server's sender when it
    has none: the message is changed so), waiting at most ``timeout`` seconds for each
    step. True when the server accepted it for every recipient; False, logged, when it
    did not or could not be reached. Blocking; never raises for the network.

    STARTTLS is never skipped when asked for (a server that does not offer it gets nothing),
    and the server's certificate is checked against the system's trusted ones."""
    if "From" not in message:
        message["From"] = server.sender
    try:
        client: smtplib.SMTP
        if server.security == "tls":
            client = smtplib.SMTP_SSL(
                server.host, server.port, timeout=timeout, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(server.host, server.port, timeout=timeout)
        with client:
            if server.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if server.user is not None:
                client.login(server.user, server.password or "")
            refused = client.send_message(message)
    except (smtplib.SMTPException, OSError) as error:
        # smtplib's errors carry the server's replies, never what was sent (the password).
        log.warning("mail through %s not sent: %s", server, error)
        return False
    except UnicodeEncodeError:
        # Text that SMTP must carry as ASCII and is not: a user or password, which
        # smtplib's AUTH cannot send (the error's text would quote a character of it).
        log.warning("mail through %s not sent: text that is not ASCII (the login?)", server)
        return False
    if refused:
        log.warning("mail through %s refused for %s", server, ", ".join(sorted(refused)))
        return False
    return True
