"""One headless Chromium for many pages: it is driven over the DevTools
protocol through a pipe (--remote-debugging-pipe: messages are JSON ended by
a NUL byte, on file descriptors 3 and 4 of the browser), with the Python
standard library only. Loads local files, runs JavaScript in them and takes
screenshots; one browser process serves every file, which keeps rendering
all the examples to a few seconds."""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile


def find():
    """The chromium binary on PATH, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Chromium:
    def __init__(self, binary=None):
        self.binary = binary or find()
        if not self.binary:
            raise FileNotFoundError("no chromium on PATH")
        self.profile = tempfile.mkdtemp(prefix="sheetlab-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # Out of the way of 3 and 4, which the child needs for the pipe.
        a = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
        b = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
        os.close(to_child_r)
        os.close(from_child_w)

        def wire():
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", "--no-first-run", "--disable-extensions",
             f"--user-data-dir={self.profile}", "about:blank"],
            close_fds=False, preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(a)
        os.close(b)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)

    def send(self, method, params, session):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        return self.next_id

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, session=False, **params):
        wanted = self.send(method, params, session)
        while True:
            message = self.read()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method):
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    del self.events[i]
                    return e
            self.events.append(self.read())

    def open(self, path, width, height):
        """Loads a local file in a viewport of width x height CSS pixels."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=int(width + 0.999),
                  height=int(height + 0.999), deviceScaleFactor=1, mobile=False)
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", session=True, url="file://" + os.path.abspath(path))
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, out, width, height):
        """Writes the page, width x height from the top left, to `out` as PNG; returns its base64."""
        data = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True,
                         clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})["data"]
        with open(out, "wb") as f:
            f.write(base64.b64decode(data))
        return data

    def image_stats(self, png_base64):
        """Decodes a PNG in the browser: {width, height, inked} where inked is
        the share of pixels that are not (nearly) white."""
        return self.evaluate("""
            (async () => {
              const blob = await (await fetch('data:image/png;base64,%s')).blob();
              const image = await createImageBitmap(blob);
              const canvas = new OffscreenCanvas(image.width, image.height);
              const context = canvas.getContext('2d');
              context.drawImage(image, 0, 0);
              const pixels = context.getImageData(0, 0, image.width, image.height).data;
              let inked = 0;
              for (let i = 0; i < pixels.length; i += 4) {
                if (pixels[i] < 240 || pixels[i + 1] < 240 || pixels[i + 2] < 240) inked++;
              }
              return {width: image.width, height: image.height, inked: inked / (pixels.length / 4)};
            })()""" % png_base64)

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_child)
        os.close(self.from_child)
        shutil.rmtree(self.profile, ignore_errors=True)
