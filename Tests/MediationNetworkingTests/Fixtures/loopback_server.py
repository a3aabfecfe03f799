#!/usr/bin/env python3
"""Loopback HTTP server for the MediationNetworking tests and the demo (`scripts/serve-demo.sh`).

Binds 127.0.0.1 on the given port (0 = a free one) and prints `PORT <n>` once it listens. Every request is
recorded; `GET /_hits` returns them as JSON, `GET /_reset` clears them, and
`GET /_wait?prefix=P[&closedEarly=1][&count=N]&timeout=S` answers {"found": true} as soon as N hits (default 1)
whose paths start with P (and that closed early, when asked) are recorded, or {"found": false} after S seconds, so that tests need not poll. Commands on stdin, each answered with
`ok` on stdout: `refuse` closes the listening socket (connections are refused), `accept` listens again on the same
port, `refuse SECONDS` refuses for that long. The server exits when stdin closes or on `quit`
(with `--ignore-stdin`, only when killed).

Routes (GET):
  /ad/NAME                 responses/NAME.json with {{BASE}} replaced by http://127.0.0.1:PORT
  /vast/NAME               responses/NAME.xml with {{BASE}} replaced (application/xml; VAST wrapper chains)
  /file/NAME               the file NAME from the --files directory (demo mode)
  /image/NAME              a small PNG-like body (image/png)
  /status/CODE             that status with a short body
  /slow?seconds=S          waits S seconds, then answers {} (application/json), or a PNG with image=1; a client
                           that closes the connection before then is recorded as a second hit with
                           "closedEarly": true
  /truncated               announces 1000 bytes, sends 10, closes
  /big?bytes=N[&length=0]  N bytes of JSON-looking text; length=0 leaves out Content-Length
  /redirect?to=PATH        302 to PATH
  /notjson                 200 with an HTML body
  /flaky/KEY?fail=N        500 for the first N hits of KEY, then 200
  /track/...               200 with an empty body (trackers)
  /utf16                   a valid ad response encoded as UTF-16 with a byte order mark
  /tiny-entries?n=N        {"ad-responses": [{}, {}, …]} with N empty entries (an amplification attempt)
  /slowtrack/...?seconds=S waits S seconds (default 1), then answers like /track/ (a slow tracker server)
  /gzip-bomb?mb=M          M MiB of zeros gzip-compressed (about M KiB on the wire), Content-Encoding: gzip
                           (&encoding=deflate for zlib's deflate; &type=image/png to pose as an image)
  /endless?chunked=1       an endless body of JSON-looking bytes (chunked with chunked=1, else until close),
                           for at most 60 s or 4 GiB, whichever comes first; &rate=R paces it at R bytes a second
  /drip?bytes=N&interval=S N bytes, one every S seconds (default 0.5), with Content-Length announced
  /stream?bytes=N&framing=F N bytes (default 100,000,000) of "x", made as they are sent, framed F:
                           chunked, close (until close, no Content-Length) or length (Content-Length announced);
                           &rate=R paces the send at R bytes a second at most (default: as fast as it goes);
                           when the send ends, a second hit records "sentBytes" (what the kernel took before the
                           client closed, through a 64 KiB send buffer) and "closedEarly"

POST /ad/NAME answers like GET /ad/NAME (a bidding ad request), POST /stream like GET /stream; POST /openrtb2/auction
answers an OpenRTB 2.6 bid request with openrtb-bid-response.json (from --files, else responses/) whose {{ID}},
{{IMPID}} and {{BASE}} are the request's ID, its first imp's ID and the server (400 for a body that is not a bid
request, 204 without the file); any other POST answers {}.

Every hit records the path, the time, the method, the X-Ping-ID header and the body of a POST.
"""
import argparse
import json
import os
import select
import socket
import signal
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
lock = threading.Lock()
recorded = threading.Condition(lock)
hits = []
flaky_counts = {}
state = {"server": None, "port": 0, "files": None}
bombs = {}


def bomb(megabytes, encoding):
    """M MiB of zeros compressed as gzip or deflate (zlib), made once per size.

    Each MiB is compressed on its own after a full flush, so its compressed form is the same every time: one
    is made and repeated, and only the checksum runs over the whole input.
    """
    key = (megabytes, encoding)
    with lock:
        if key in bombs:
            return bombs[key]
        chunk = b"\0" * (1 << 20)
        repeated = zlib.compressobj(9, zlib.DEFLATED, -15)
        block = repeated.compress(chunk) + repeated.flush(zlib.Z_FULL_FLUSH)
        final = zlib.compressobj(9, zlib.DEFLATED, -15)
        last = final.compress(chunk) + final.flush()
        raw = block * (megabytes - 1) + last
        if encoding == "gzip":
            crc = 0
            for _ in range(megabytes):
                crc = zlib.crc32(chunk, crc)
            size = (megabytes << 20) & 0xFFFFFFFF
            body = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff" + raw + struct.pack("<II", crc, size)
        else:
            adler = 1
            for _ in range(megabytes):
                adler = zlib.adler32(chunk, adler)
            body = b"\x78\xda" + raw + struct.pack(">I", adler)
        bombs[key] = body
        return body


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="application/json", length=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def record(self, body=None):
        with lock:
            hits.append({
                "path": self.path, "time": time.time(), "method": self.command,
                "pingID": self.headers.get("X-Ping-ID"),
                "acceptEncoding": self.headers.get("Accept-Encoding"),
                "body": body.decode("utf-8", "replace") if body is not None else None,
            })
            recorded.notify_all()

    def wait_or_closed(self, seconds):
        """Waits `seconds`, polling the socket; True as soon as the client closed the connection before then."""
        deadline = time.time() + seconds
        sock = self.connection
        while True:
            left = deadline - time.time()
            if left <= 0:
                return False
            readable, _, _ = select.select([sock], [], [], min(left, 0.02))
            if readable:
                try:
                    if sock.recv(1, socket.MSG_PEEK) == b"":
                        return True
                except OSError:
                    return True

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(min(length, 16 << 20))
        self.record(body)
        path = urlparse(self.path).path
        if path.startswith("/ad/"):
            # A bidding ad request: the same response file as the GET.
            name = os.path.basename(path[len("/ad/"):])
            directory = state["files"] or os.path.join(HERE, "responses")
            try:
                with open(os.path.join(directory, name + ".json"), "rb") as handle:
                    text = handle.read().decode().replace("{{BASE}}", "http://127.0.0.1:%d" % state["port"])
            except OSError:
                return self.send_body(404, b"no such response")
            return self.send_body(200, text.encode())
        if path == "/openrtb2/auction":
            return self.answer_bid_request(body)
        if path == "/stream":
            return self.stream(parse_qs(urlparse(self.path).query))
        return self.send_body(200, b"{}")

    def stream(self, query):
        """/stream: a body of `bytes` bytes made as it is sent, framed as `framing` says; records what was sent."""
        size = int(query.get("bytes", ["100000000"])[0])
        framing = query.get("framing", ["close"])[0]
        rate = int(query.get("rate", ["0"])[0])
        if framing == "chunked":
            self.protocol_version = "HTTP/1.1"
        # A small send buffer, so that what the kernel took is close to what the client read.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if framing == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
        elif framing == "length":
            self.send_header("Content-Length", str(size))
        self.end_headers()
        piece = b"x" * 65536
        sent = 0
        closed_early = False
        started = time.monotonic()
        try:
            while sent < size:
                part = piece[:min(len(piece), size - sent)]
                if framing == "chunked":
                    self.wfile.write(b"%x\r\n" % len(part) + part + b"\r\n")
                else:
                    self.wfile.write(part)
                sent += len(part)
                if rate > 0:
                    ahead = started + sent / rate - time.monotonic()
                    if ahead > 0:
                        time.sleep(ahead)
            if framing == "chunked":
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            closed_early = True
        with lock:
            hits.append({"path": self.path, "time": time.time(), "method": self.command,
                         "closedEarly": closed_early, "sentBytes": sent})
            recorded.notify_all()
        self.close_connection = True

    def answer_bid_request(self, body):
        """An OpenRTB 2.6 bid request: answers openrtb-bid-response.json with {{ID}} and {{IMPID}} set from the
        request and {{BASE}} from the server, 400 when the body is not a bid request, 204 without the file."""
        try:
            request = json.loads(body.decode("utf-8"))
            request_id = request["id"]
            impression_id = request["imp"][0]["id"]
            if not isinstance(request_id, str) or not isinstance(impression_id, str):
                raise TypeError("id and imp[0].id must be strings")
        except (ValueError, KeyError, IndexError, TypeError) as error:
            return self.send_body(400, json.dumps({"error": "not a bid request: %s" % error}).encode())
        directory = state["files"] or os.path.join(HERE, "responses")
        try:
            with open(os.path.join(directory, "openrtb-bid-response.json"), "rb") as handle:
                text = handle.read().decode()
        except OSError:
            return self.send_body(204, b"")
        text = (text.replace("{{BASE}}", "http://127.0.0.1:%d" % state["port"])
                .replace("{{ID}}", request_id).replace("{{IMPID}}", impression_id))
        return self.send_body(200, text.encode())

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        path = url.path
        if path == "/_hits":
            with lock:
                body = json.dumps(hits).encode()
            return self.send_body(200, body)
        if path == "/_wait":
            prefix = query.get("prefix", ["/"])[0]
            closed_early = query.get("closedEarly", ["0"])[0] == "1"
            count = int(query.get("count", ["1"])[0])

            def matches():
                return sum(1 for hit in hits if hit["path"].startswith(prefix)
                           and (not closed_early or hit.get("closedEarly"))) >= count

            with lock:
                found = recorded.wait_for(matches, timeout=float(query.get("timeout", ["5"])[0]))
            return self.send_body(200, json.dumps({"found": bool(found)}).encode())
        if path == "/_reset":
            with lock:
                hits.clear()
                flaky_counts.clear()
            return self.send_body(200, b"{}")
        self.record()
        base = "http://127.0.0.1:%d" % state["port"]
        try:
            if path.startswith("/ad/"):
                name = os.path.basename(path[len("/ad/"):])
                directory = state["files"] or os.path.join(HERE, "responses")
                with open(os.path.join(directory, name + ".json"), "rb") as handle:
                    text = handle.read().decode().replace("{{BASE}}", base)
                return self.send_body(200, text.encode())
            if path.startswith("/vast/"):
                name = os.path.basename(path[len("/vast/"):])
                with open(os.path.join(HERE, "responses", name + ".xml"), "rb") as handle:
                    # As bytes: a hostile document need not be UTF-8.
                    body = handle.read().replace(b"{{BASE}}", base.encode())
                return self.send_body(200, body, "application/xml")
            if path.startswith("/file/") and state["files"]:
                name = os.path.basename(path[len("/file/"):])
                with open(os.path.join(state["files"], name), "rb") as handle:
                    return self.send_body(200, handle.read(), "application/octet-stream")
            if path.startswith("/image/"):
                body = b"\x89PNG\r\n\x1a\n" + path.encode() + b"\x00" * 64
                return self.send_body(200, body, "image/png")
            if path.startswith("/status/"):
                code = int(path[len("/status/"):])
                return self.send_body(code, b'{"status": %d}' % code)
            if path == "/slow":
                if self.wait_or_closed(float(query.get("seconds", ["3"])[0])):
                    with lock:
                        hits.append({"path": self.path, "time": time.time(), "method": self.command,
                                     "closedEarly": True})
                        recorded.notify_all()
                    self.close_connection = True
                    return
                if query.get("image", ["0"])[0] == "1":
                    return self.send_body(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png")
                return self.send_body(200, b"{}")
            if path == "/truncated":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "1000")
                self.end_headers()
                self.wfile.write(b'{"ad-respo')
                self.wfile.flush()
                self.close_connection = True
                return
            if path == "/big":
                size = int(query.get("bytes", ["2000000"])[0])
                body = b'{"pad": "' + b"x" * max(size - 11, 0) + b'"}'
                return self.send_body(200, body, length=query.get("length", ["1"])[0] != "0")
            if path == "/redirect":
                self.send_response(302)
                self.send_header("Location", base + query.get("to", ["/"])[0])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if path == "/notjson":
                return self.send_body(200, b"<html><body>not an ad</body></html>", "text/html")
            if path.startswith("/flaky/"):
                key = path[len("/flaky/"):]
                with lock:
                    flaky_counts[key] = flaky_counts.get(key, 0) + 1
                    count = flaky_counts[key]
                fail = int(query.get("fail", ["1"])[0])
                return self.send_body(500 if count <= fail else 200, b"{}")
            if path.startswith("/track/"):
                return self.send_body(200, b"")
            if path == "/utf16":
                return self.send_body(200, '{"ad-responses": []}'.encode("utf-16"))
            if path == "/tiny-entries":
                count = int(query.get("n", ["1000"])[0])
                return self.send_body(200, b'{"ad-responses": [' + b",".join([b"{}"] * count) + b"]}")
            if path.startswith("/slowtrack/"):
                time.sleep(float(query.get("seconds", ["1"])[0]))
                return self.send_body(200, b"")
            if path == "/gzip-bomb":
                encoding = query.get("encoding", ["gzip"])[0]
                body = bomb(int(query.get("mb", ["1024"])[0]), encoding)
                self.send_response(200)
                self.send_header("Content-Type", query.get("type", ["application/json"])[0])
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            if path == "/endless":
                chunked = query.get("chunked", ["0"])[0] == "1"
                if chunked:
                    self.protocol_version = "HTTP/1.1"
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                rate = int(query.get("rate", ["0"])[0])
                piece = b'{"pad": "' + b"x" * 65000 + b'"}'
                started = time.time()
                sent = 0
                try:
                    while time.time() - started < 60 and sent < (4 << 30):
                        if chunked:
                            self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                        else:
                            self.wfile.write(piece)
                        sent += len(piece)
                        if rate > 0:
                            ahead = started + sent / rate - time.time()
                            if ahead > 0:
                                time.sleep(ahead)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True
                return
            if path == "/stream":
                return self.stream(query)
            if path == "/drip":
                count = int(query.get("bytes", ["100"])[0])
                interval = float(query.get("interval", ["0.5"])[0])
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(count))
                self.end_headers()
                for _ in range(count):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(interval)
                return
            return self.send_body(404, b'{"error": "not found"}')
        except (BrokenPipeError, ConnectionResetError):
            pass
        except FileNotFoundError:
            return self.send_body(404, b'{"error": "no such fixture"}')


def start(port):
    ThreadingHTTPServer.allow_reuse_address = True
    ThreadingHTTPServer.daemon_threads = True
    # A deep accept queue: the default of 5 overflows when the tests send bursts on a loaded machine, and an
    # overflowing queue turns into refused or stalled connections that no real ad server would cause.
    ThreadingHTTPServer.request_queue_size = 256
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state["server"] = server
    state["port"] = server.server_address[1]


def refuse():
    server = state["server"]
    if server is not None:
        server.shutdown()
        server.server_close()
        state["server"] = None
        # Hold the port with a bound socket that does not listen: connections are still refused (the kernel
        # answers a SYN with a reset), but another test's server asking for any free port can no longer be given
        # this one during the outage and take the pings meant for this server. Without SO_REUSEADDR, so that no
        # other socket may bind the port while it is held (when TIME_WAIT connections forbid that, the port is left
        # free as before).
        placeholder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            placeholder.bind(("127.0.0.1", state["port"]))
            state["placeholder"] = placeholder
        except OSError:
            placeholder.close()


def accept():
    placeholder = state.pop("placeholder", None)
    if placeholder is not None:
        placeholder.close()
    if state["server"] is None:
        start(state["port"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--files", default=None, help="serve /ad/NAME and /file/NAME from this directory")
    parser.add_argument("--ignore-stdin", action="store_true", help="run until killed (demo mode)")
    arguments = parser.parse_args()
    # Exit on SIGTERM and SIGINT even when the parent started us with those signals ignored or blocked
    # (Foundation's Process on Linux hands its child a blocked signal mask).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    state["files"] = arguments.files
    start(arguments.port)
    print("PORT %d" % state["port"], flush=True)
    if arguments.ignore_stdin:
        # Demo mode runs until killed, but never outlives the process that started it: if that one is gone
        # (a test that timed out, a kill that reached only a wrapper), a server left behind would hold its
        # parent's output pipe open and keep `swift test` waiting for ever.
        parent = os.getppid()
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "refuse":
            refuse()
            if len(words) > 1:
                threading.Timer(float(words[1]), accept).start()
        elif words[0] == "accept":
            accept()
        elif words[0] == "quit":
            break
        print("ok", flush=True)
    refuse()
    os._exit(0)


if __name__ == "__main__":
    main()
