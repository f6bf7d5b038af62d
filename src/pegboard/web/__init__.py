"""The web app: an authoritative game server with a lobby, WebSockets and a database."""
