"""A headless Chromium driven over the Chrome DevTools Protocol, standard library only.

Chromium is started with --remote-debugging-pipe: it reads the protocol's JSON messages
on its file descriptor 3 and writes its own on 4, each message ended by a NUL byte. One
page (a target) is created and attached in flat mode, so that every command to it carries
its sessionId.
"""

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class CDPError(Exception):
    pass


class Browser:
    def __init__(self, chromium="/usr/bin/chromium", width=1280, height=860):
        self.profile = tempfile.mkdtemp(prefix="guti-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def fds():
            # the pipe's ends become the child's fds 3 and 4: copied above both first, so
            # that neither dup2 overwrites the other's source
            a = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--metrics-recording-only", "--mute-audio",
             "--hide-scrollbars", "--font-render-hinting=none",
             f"--window-size={width},{height}",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        self.errors = []  # uncaught exceptions and console errors of the page
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        got = self.send("Target.attachToTarget",
                        {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = got["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    # -- the pipe ---------------------------------------------------------------------
    def _read_message(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError("no answer from chromium in time")
            ready, _, _ = select.select([self.from_child], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise CDPError("chromium closed the pipe (did it crash?)")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def _note(self, msg):
        method = msg.get("method")
        p = msg.get("params", {})
        if method == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            text = d.get("exception", {}).get("description") or d.get("text")
            self.errors.append("uncaught: " + str(text).splitlines()[0])
        elif method == "Runtime.consoleAPICalled" and p.get("type") == "error":
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            self.errors.append("console.error: " + args)
        elif method == "Log.entryAdded":
            pass

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        mid = self.next_id
        msg = {"id": mid, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            n = os.write(self.to_child, data)
            data = data[n:]
        deadline = time.monotonic() + timeout
        while True:
            got = self._read_message(deadline)
            if got.get("id") == mid:
                if "error" in got:
                    raise CDPError(f"{method}: {got['error'].get('message')}")
                return got.get("result", {})
            self._note(got)

    # -- the page -----------------------------------------------------------------------
    def evaluate(self, expression, timeout=30):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise CDPError("evaluate: " + str(d.get("exception", {}).get("description") or d.get("text")))
        return r.get("result", {}).get("value")

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})

    def wait(self, expression, timeout=10, what=None):
        """Polls a JavaScript expression until it is true; returns its value, or raises."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                v = self.evaluate(expression)
            except CDPError:  # a page being loaded has no context to evaluate in yet
                v = None
            if v:
                return v
            if time.monotonic() > deadline:
                raise CDPError("timed out waiting for " + (what or expression))
            time.sleep(0.03)

    def mouse(self, kind, x, y, buttons=0, button="none", clicks=0):
        self.send("Input.dispatchMouseEvent",
                  {"type": kind, "x": x, "y": y, "button": button, "buttons": buttons,
                   "clickCount": clicks, "pointerType": "mouse"})

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, buttons=1, button="left", clicks=1)
        self.mouse("mouseReleased", x, y, buttons=0, button="left", clicks=1)

    def drag(self, x0, y0, x1, y1, steps=8):
        self.mouse("mouseMoved", x0, y0)
        self.mouse("mousePressed", x0, y0, buttons=1, button="left", clicks=1)
        for i in range(1, steps + 1):
            self.mouse("mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps,
                       buttons=1, button="left")
        self.mouse("mouseReleased", x1, y1, buttons=0, button="left", clicks=1)

    def screenshot(self, path):
        r = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except (CDPError, OSError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)
