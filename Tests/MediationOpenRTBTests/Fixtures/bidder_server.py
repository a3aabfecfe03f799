#!/usr/bin/env python3
"""A loopback OpenRTB bidder for MediationOpenRTBTests: prints 'PORT n', serves until its standard input closes.

POST /bid        a bid response echoing the request's id, one native bid for imp "1"
POST /bid/NAME   Fixtures/bids/NAME.json with {{ID}} the request's id and {{PORT}} the server's port
POST /nobid      HTTP 204
POST /slow       answers after ?seconds=N (default 3), or not at all when the client hangs up first
POST /garbage    an HTML page with status 200
POST /huge       ?bytes=N (default 64 MiB) of "x" without Content-Length, ?framing=chunked or close
GET  /_hits      the recorded requests (path, method, body, and the answer's status and body bytes) as JSON
GET  /ad         an ad response of one waterfall line (custom event "Waterfall", x-ecpm 1.0), for auction tests
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

hits = []
lock = threading.Lock()

ADM = json.dumps({
    "ver": "1.2",
    "assets": [{"id": 1, "title": {"text": "Loopback Pears"}}],
    "link": {"url": "https://pears.example.com/"},
    "imptrackers": ["http://127.0.0.1:{port}/track/imp?p=${AUCTION_PRICE}"],
})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def record(self, method, body):
        """Records the request; `send_body` adds the answer's status and body bytes to the same hit."""
        self.hit = {"path": self.path, "method": method, "body": body}
        with lock:
            hits.append(self.hit)

    def send_body(self, status, body, content_type="application/json"):
        hit = getattr(self, "hit", None)
        if hit is not None:
            with lock:
                hit["status"] = status
                hit["bytes"] = len(body)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_huge(self, size, framing):
        """`size` bytes without Content-Length, chunked or until close, until the client hangs up."""
        if framing == "chunked":
            self.protocol_version = "HTTP/1.1"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if framing == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        piece = b"x" * 65536
        sent = 0
        try:
            while sent < size:
                if framing == "chunked":
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                else:
                    self.wfile.write(piece)
                sent += len(piece)
            if framing == "chunked":
                self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        self.close_connection = True

    def do_GET(self):
        if self.path == "/_hits":
            with lock:
                return self.send_body(200, json.dumps(hits).encode())
        self.record("GET", None)
        if urlparse(self.path).path == "/ad":
            response = {"x-ad-unit-id": "openrtb-unit", "ad-responses": [
                {"metadata": {"x-custom-event-class-name": "Waterfall", "x-network-name": "Waterfall", "x-ecpm": 1.0}}]}
            return self.send_body(200, json.dumps(response).encode())
        return self.send_body(200, b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(min(length, 1 << 20))
        self.record("POST", body.decode("utf-8", "replace"))
        url = urlparse(self.path)
        if url.path.startswith("/bid/"):
            name = os.path.basename(url.path[len("/bid/"):])
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bids", name + ".json")) as handle:
                text = handle.read()
            text = text.replace("{{ID}}", json.loads(body)["id"]).replace("{{PORT}}", str(self.server.server_address[1]))
            return self.send_body(200, text.encode())
        if url.path == "/bid":
            request = json.loads(body)
            port = self.server.server_address[1]
            response = {"id": request["id"], "cur": "USD", "seatbid": [{"seat": "loopback", "bid": [
                {"id": "b1", "impid": "1", "price": 2.5, "adm": ADM.replace("{port}", str(port)),
                 "nurl": "http://127.0.0.1:%d/track/win?p=${AUCTION_PRICE}" % port, "crid": "cr-1",
                 "adomain": ["pears.example.com"], "exp": 300},
                {"id": "b2", "impid": "9", "price": 9.0, "adm": ADM},
            ]}]}
            return self.send_body(200, json.dumps(response).encode())
        if url.path == "/nobid":
            with lock:
                self.hit["status"] = 204
                self.hit["bytes"] = 0
            self.send_response(204)
            self.end_headers()
            return
        if url.path == "/slow":
            seconds = float(parse_qs(url.query).get("seconds", ["3"])[0])
            time.sleep(seconds)
            try:
                return self.send_body(200, b'{"id":"late"}')
            except OSError:
                return
        if url.path == "/garbage":
            return self.send_body(200, b"<html><body>Service Unavailable</body></html>", "text/html")
        if url.path == "/huge":
            query = parse_qs(url.query)
            return self.send_huge(int(query.get("bytes", [str(64 << 20)])[0]), query.get("framing", ["close"])[0])
        return self.send_body(404, b"{}")


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
