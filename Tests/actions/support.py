"""Shared helpers for the Safe Actions tests: the CLI, codes signed with
Python `cryptography`, and a loopback HTTPS server with a test CA made on
the fly (nothing is read from or written to the system trust store)."""
import base64
import datetime
import ipaddress
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.x509.oid import NameOID

ROOT = Path(__file__).resolve().parents[2]

# The one definition of where the CLI is, shared with Tests/cli.
sys.path.insert(0, str(ROOT / "Tests" / "cli"))
from cli_support import cli_path  # noqa: E402


def run_cli(*args, env=None, input_text=None, timeout=60):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run([cli_path(), "action", *args], capture_output=True, text=True, env=full_env,
                          input=input_text, timeout=timeout)


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_hex(private_key):
    return private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


def claims_json(iss, kid, app, act, scope, iat, nbf, exp, nonce, params=None, rid=None):
    """The canonical claims serialisation of spec section 4.2."""
    fields = [("iss", iss), ("kid", kid), ("app", app), ("act", act)]
    if params:
        fields.append(("params", params))
    fields += [("scope", scope), ("iat", iat), ("nbf", nbf), ("exp", exp)]
    if rid is not None:
        fields.append(("rid", rid))
    fields.append(("nonce", nonce))
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(v, ensure_ascii=False) for k, v in fields) + "}"


def sign_code(private_key, iss, kid, claims):
    header = json.dumps({"iss": iss, "kid": kid}, separators=(",", ":"))
    signing_input = "ckey-action:1:" + b64(header.encode()) + "." + b64(claims.encode())
    return signing_input + "." + b64(private_key.sign(signing_input.encode()))


class TestCA:
    """A throwaway CA and a server certificate for localhost and 127.0.0.1."""

    def __init__(self, directory):
        now = datetime.datetime.now(datetime.timezone.utc)
        ca_key = ec.generate_private_key(ec.SECP256R1())
        ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "CKey test CA")])
        ca_cert = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
                   .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(minutes=5))
                   .not_valid_after(now + datetime.timedelta(hours=1))
                   .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                   .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                                data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                                crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
                   .sign(ca_key, hashes.SHA256()))
        key = ec.generate_private_key(ec.SECP256R1())
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
                .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(minutes=5))
                .not_valid_after(now + datetime.timedelta(hours=1))
                .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                            x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                               critical=False)
                .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .sign(ca_key, hashes.SHA256()))
        self.ca_file = os.path.join(directory, "ca.pem")
        self.cert_file = os.path.join(directory, "server.pem")
        self.key_file = os.path.join(directory, "server.key")
        Path(self.ca_file).write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
        Path(self.cert_file).write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        Path(self.key_file).write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                          serialization.PrivateFormat.PKCS8,
                                                          serialization.NoEncryption()))


def serve_https(handler, ca):
    """A threaded HTTPS server on 127.0.0.1 (a free port) with the test CA's
    server certificate, already serving in a daemon thread."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(ca.cert_file, ca.key_file)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class LoopbackHTTPS:
    """A threaded HTTPS server on 127.0.0.1 that answers by the request ID at
    the end of the path: see `respond`."""

    def __init__(self, ca, routes):
        self.routes = routes  # request ID -> callable(handler) that writes the reply
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.requests.append((self.headers.get("Host"), self.path))
                rid = self.path.rsplit("/", 1)[-1]
                route = outer.routes.get(rid)
                if route is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                try:
                    route(self)
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass

        self.server = serve_https(Handler, ca)
        self.port = self.server.server_address[1]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def reply_json(obj, status=200):
    return reply_bytes(json.dumps(obj).encode(), status)


def reply_bytes(body, status=200):
    def write(handler):
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
    return write


def reply_slow(seconds, then):
    def write(handler):
        time.sleep(seconds)
        then(handler)
    return write


def reply_redirect(location, status=302):
    def write(handler):
        handler.send_response(status)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
    return write


def closed_port():
    """A loopback port with nothing listening."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port
