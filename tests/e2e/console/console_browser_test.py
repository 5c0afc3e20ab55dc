#!/usr/bin/python3
"""The operations console in a real browser (issue 16, docs/console.md).

Starts a real msgxd on a temporary embedded site (SQLite, no plugins), injects a SCHD-ADFT message
that ends DEAD (no handler), and drives headless Chromium through chromedriver with selenium:
the page lists the DEAD message, reloads the plugins after the test linked the handler, previews
and applies a replay with a reason, sees the message leave the DEAD list (the daemon then says
SUCCEEDED and logs the replay), and shows the "not reachable" banner after msgxd is stopped.

Fails (exit 1), never skips, when chromium, chromedriver or python3-selenium is missing
(scripts/install-deps.sh installs them).
"""

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
OPERATOR = "console-test"
HANDLER = "schd-adft.so"
MESSAGE = "etc/sample-day/03-schd-adft-turnaround.xml"  # SCHD-ADFT: needs no flight before it
# Well-formed (the HTTP inject refuses anything else) but no message: DEAD(MALFORMED), never replayed.
NOT_A_MESSAGE = b'<?xml version="1.0" encoding="UTF-8"?>\n<NOTE><TEXT>no MSG frame</TEXT></NOTE>\n'


FAST_PIPELINE = """\
pipeline:
  poll-interval: 50ms
  batch-size: 500
  max-commit-delay: 500ms
  compensation-interval: 2s
  max-attempts: 3
  backoff: [10ms, 20ms]
  backoff-cap: 50ms
  head-deadline: 1m
backfill:
  interval: 100ms
  backoff: 50ms
  backoff-cap: 500ms
lease:
  period: 1s
"""

START = time.monotonic()


def step(text):
    print(f"[{time.monotonic() - START:6.1f}s] {text}", flush=True)


class TestFailure(Exception):
    pass


def check(condition, text):
    if not condition:
        raise TestFailure(text)


def wait_for(what, predicate, timeout, interval=0.2):
    """Polls predicate() until it returns a true value (returned) or timeout seconds passed."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # a not-yet state (missing element, 404) is retried
            last_error = error
        if time.monotonic() > deadline:
            raise TestFailure(f"timed out after {timeout} s waiting for {what}"
                              + (f" (last error: {last_error!r})" if last_error else ""))
        time.sleep(interval)


def require_browser():
    """The test's own prerequisites: missing ones are a failure, not a skip."""
    missing = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("python3-selenium (import selenium failed for " + sys.executable + ")")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            missing.append(f"{package} ({path})")
    if missing:
        raise TestFailure("missing: " + ", ".join(missing) + "; run `bash scripts/install-deps.sh` as root")


class Daemon:
    def __init__(self, msgxd, source, root):
        self.root = root
        self.var = root / "var"
        self.plugins = root / "plugins"
        self.log_path = root / "msgxd.log"
        for d in (self.var, self.plugins, root / "run", root / "etc"):
            d.mkdir(parents=True, exist_ok=True)
        self.token = secrets.token_urlsafe(24)
        tokens = root / "etc" / "ops-tokens"
        fd = os.open(tokens, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(f"# console browser test\n{OPERATOR} {self.token}\n")
        embedded = (source / "etc" / "msgx.embedded.yaml").read_text()
        self.config = root / "etc" / "msgx.yaml"
        self.config.write_text(embedded + "\n" + FAST_PIPELINE +
                               "http:\n  listen: 127.0.0.1:0\n"
                               f"  ops-token-file: {tokens}\n"
                               f"  console-dir: {source / 'core' / 'console'}\n")
        env = dict(os.environ)
        env.update(MSGX_VAR_DIR=str(self.var), MSGX_RUN_DIR=str(root / "run"), MSGX_PLUGINS_DIR=str(self.plugins))
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen([msgxd, "--config", str(self.config)], env=env,
                                        stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None

    def log_text(self):
        return self.log_path.read_text(errors="replace")

    def wait_listening(self, timeout=60):
        def port():
            check(self.process.poll() is None, f"msgxd exited with {self.process.returncode} at start")
            found = re.search(r"http: listening on 127\.0\.0\.1:(\d+)", self.log_text())
            return int(found.group(1)) if found else None
        self.port = wait_for("msgxd's 'http: listening on' log line", port, timeout)
        return self.port

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def request(self, method, path, body=None, content_type=None, token=True):
        headers = {}
        if token:
            headers["Authorization"] = "Bearer " + self.token
        if content_type:
            headers["Content-Type"] = content_type
        req = urllib.request.Request(self.url(path), data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def message(self, message_id):
        status, body = self.request("GET", f"/ops/messages/{message_id}")
        return body if status == 200 else None

    def stop(self, timeout=30):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                raise TestFailure(f"msgxd did not stop within {timeout} s of SIGTERM")
        return self.process.returncode

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)
        self.log.close()


def start_browser(root):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1200", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--disable-component-update",
                "--force-color-profile=srgb", "--hide-scrollbars", "--lang=en-US",
                f"--user-data-dir={root / 'chromium-profile'}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, log_path=str(root / "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    return driver


def run(args, root):
    from selenium.webdriver.common.by import By

    source = Path(args.source).resolve()
    handler = (Path(args.handlers) / HANDLER).resolve()
    check(Path(args.msgxd).is_file(), f"no msgxd at {args.msgxd}: build it first (cmake --build --target msgxd)")
    check(handler.is_file(), f"no handler {handler}: build the handlers first")
    check((source / "core" / "console" / "index.html").is_file(), f"no console in {source}/core/console")

    step(f"1. temp site {root}; starting msgxd (empty plugins dir, console from core/console)")
    daemon = Daemon(args.msgxd, source, root)
    driver = None
    try:
        port = daemon.wait_listening()
        step(f"   msgxd listens on 127.0.0.1:{port}")

        step("2. injecting a SCHD-ADFT message (no handler yet -> DEAD) and a well-formed non-message (-> DEAD MALFORMED) via POST /cminmsgs/send")
        ids = []
        for name, document in ((MESSAGE, (source / MESSAGE).read_bytes()), ("a document that is no message", NOT_A_MESSAGE)):
            status, body = daemon.request("POST", "/cminmsgs/send", document, "text/xml; charset=utf-8", token=False)
            check(status == 200 and body.get("is_success"), f"inject {name}: {status} {body}")
            ids.append(body["body"])
        message_id, malformed_id = ids
        dead = wait_for(f"message {message_id} DEAD", lambda: (m := daemon.message(message_id)) and
                        m["state"] == "DEAD" and m, 30)
        check(dead["key"] == "SCHD-ADFT", f"unexpected key {dead['key']}")
        step(f"   message {message_id} is DEAD ({dead['errorClass']}, {dead['note']})")
        wait_for(f"message {malformed_id} DEAD", lambda: (m := daemon.message(malformed_id)) and m["state"] == "DEAD", 30)
        step(f"   message {malformed_id} is DEAD (MALFORMED)")

        step("3. opening the console in headless chromium")
        driver = start_browser(root)
        driver.get(daemon.url("/console/"))
        find = lambda element_id: driver.find_element(By.ID, element_id)  # noqa: E731
        wait_for("the token message asking for a token", lambda: find("token-message").is_displayed(), 15)
        check("/ops token" in find("token-message").text, "the page does not ask for a token: " + find("token-message").text)

        step("   entering a wrong token: the page must say 'token refused'")
        find("token").send_keys("not-the-token-0123456789")
        find("token-save").click()
        wait_for("'token refused'", lambda: "token refused" in find("token-message").text, 15)

        step("   entering the token")
        find("token").send_keys(daemon.token)
        find("token-save").click()
        check(daemon.token not in driver.current_url, "the token is in the URL")
        row = wait_for(f"row message-{message_id} in the DEAD list",
                       lambda: driver.find_elements(By.ID, f"message-{message_id}"), 15)[0]
        check(row.get_attribute("data-state") == "DEAD", f"row state {row.get_attribute('data-state')}")
        check(row.find_element(By.CLASS_NAME, "msg-key").text == "SCHD-ADFT", "row key: " + row.text)
        check(str(message_id) in row.text, "row text: " + row.text)
        check(not find("token-message").is_displayed(), "token message still shown: " + find("token-message").text)
        check(find("last-updated").text.startswith("last updated "), "last-updated: " + find("last-updated").text)
        step(f"   DEAD row shown: {row.text!r}")
        wait_for("overview tiles filled", lambda: find("role").text == "writer" and find("queue-depth").text != "–", 15)
        step(f"   overview: queue depth {find('queue-depth').text}, head age {find('head-age').text}, "
             f"role {find('role').text}, {find('ready').text}")
        check("no plugin loaded" in find("plugins-body").text, "plugins: " + find("plugins-body").text)

        step(f"   linking {HANDLER} into the plugins dir and clicking 'reload plugins'")
        (daemon.plugins / HANDLER).symlink_to(handler)
        find("plugins-reload").click()
        wait_for("reload result '1 loaded'", lambda: "1 loaded" in find("plugins-result").text, 15)
        wait_for("plugin-schd-adft row", lambda: driver.find_elements(By.ID, "plugin-schd-adft"), 15)
        step(f"   {find('plugins-result').text}")

        step(f"   'preview replay' on the MALFORMED message {malformed_id}: must be refused")
        find(f"preview-{malformed_id}").click()
        wait_for("a refused preview", lambda: find("replay-verdict").get_attribute("data-eligible") == "false", 15)
        check(find("replay-verdict").text.startswith("refused: "), "verdict: " + find("replay-verdict").text)
        check(not find("replay-form").is_displayed(), "apply offered for a refused message")
        step(f"   {find('replay-verdict').text}")

        step(f"   'preview replay' on message {message_id}")
        find(f"preview-{message_id}").click()
        wait_for("an eligible preview", lambda: find("replay-verdict").get_attribute("data-eligible") == "true", 15)
        check(find("replay-verdict").text.startswith("eligible: "), "verdict: " + find("replay-verdict").text)
        step(f"   {find('replay-verdict').text}")
        step("   apply without a reason: the page must refuse to send it")
        find("replay-apply").click()
        check("reason is required" in find("replay-result").text, "result: " + find("replay-result").text)
        check(daemon.message(message_id)["state"] == "DEAD", "the message changed without a reason")
        find("replay-reason").send_keys("console browser test: handler schd-adft installed")

        step("4. screenshot (DEAD list, replay preview, plugins, targets)")
        if args.screenshot:
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(1400, max(900, min(int(height) + 40, 4000)))
            driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.3)  # one frame after the resize
            check(driver.save_screenshot(str(args.screenshot)), f"screenshot {args.screenshot} failed")
            step(f"   wrote {args.screenshot}")

        step("   clicking 'apply replay'")
        find("replay-apply").click()
        wait_for("'replayed'", lambda: find("replay-result").text.startswith("replayed"), 15)
        step(f"   {find('replay-result').text}")
        wait_for(f"row message-{message_id} leaving the DEAD list",
                 lambda: not driver.find_elements(By.ID, f"message-{message_id}"), 15)
        check(driver.find_elements(By.ID, f"message-{malformed_id}"), "the MALFORMED message left the list too")
        step(f"   the page refreshed itself: message {message_id} left the DEAD list, {malformed_id} (MALFORMED) stays")
        done = wait_for(f"message {message_id} SUCCEEDED", lambda: (m := daemon.message(message_id)) and
                        m["state"] == "SUCCEEDED" and m, 30)
        step(f"   GET /ops/messages/{message_id}: {done['state']}, attempts {done['attempts']}, "
             f"{len(done['events'])} event(s)")
        audit_line = f"ops: operator={OPERATOR} action=replay-apply status=200"
        wait_for(f"the log line '{audit_line}'", lambda: audit_line in daemon.log_text(), 10)
        step(f"   daemon log has '{audit_line}'")

        # The 403s of the wrong token above are logged as failed loads; anything else severe (a CSP
        # violation, a script error, a missing file) is a failure.
        problems = [entry for entry in driver.get_log("browser")
                    if entry.get("level") == "SEVERE" and not (entry.get("source") == "network" and
                                                               "/ops/" in entry.get("message", ""))]
        check(not problems, "browser console errors (CSP?): " + json.dumps(problems))
        step("   no browser console errors (no CSP violation)")

        step("5. stopping msgxd (SIGTERM): the page must show the 'not reachable' banner")
        stopped_at = time.monotonic()
        code = daemon.stop()
        check(code == 0, f"msgxd exited with {code}")
        banner = wait_for("the 'not reachable' banner",
                          lambda: find("unreachable").is_displayed() and find("unreachable"), 30)
        check(re.search(r"msgxd is not reachable \(since \d\d:\d\d:\d\d\) — last data shown is from \d\d:\d\d:\d\d",
                        banner.text), "banner: " + banner.text)
        step(f"   after {time.monotonic() - stopped_at:.1f} s: {banner.text!r}")
        if args.screenshot:
            unreachable_shot = Path(args.screenshot).with_name(Path(args.screenshot).stem + "-unreachable.png")
            driver.save_screenshot(str(unreachable_shot))
            step(f"   wrote {unreachable_shot}")
    except BaseException:
        if driver is not None:
            try:
                print("---- the page as the browser shows it ----", file=sys.stderr)
                print(driver.find_element(By.TAG_NAME, "body").text, file=sys.stderr)
                print("---- browser console ----", file=sys.stderr)
                for entry in driver.get_log("browser"):
                    print(entry.get("level"), entry.get("message"), file=sys.stderr)
            except Exception as error:
                print(f"(page not readable: {error!r})", file=sys.stderr)
        print("---- msgxd log (last 60 lines) ----", file=sys.stderr)
        print("\n".join(daemon.log_text().splitlines()[-60:]), file=sys.stderr)
        raise
    finally:
        step("6. closing the browser and the daemon")
        if driver is not None:
            try:
                driver.quit()
            except Exception as error:  # the browser may be gone already
                print(f"driver.quit: {error!r}", file=sys.stderr)
        daemon.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msgxd", required=True, help="the msgxd binary")
    parser.add_argument("--handlers", required=True, help="the built handler plugins (<build>/handlers)")
    parser.add_argument("--source", required=True, help="the source tree (etc/, core/console/)")
    parser.add_argument("--screenshot", help="write a PNG of the console here")
    parser.add_argument("--keep", action="store_true", help="keep the temp site (log, config) after the run")
    args = parser.parse_args()

    try:
        require_browser()
    except TestFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        print("console browser test FAILED: its browser is not installed")
        return 1
    root = Path(tempfile.mkdtemp(prefix="msgx-console-test-"))
    ok = False
    try:
        run(args, root)
        ok = True
    except TestFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
    except Exception:  # selenium or the OS: a failure too, with its traceback
        traceback.print_exc()
    finally:
        if args.keep or not ok:
            print(f"temp site kept: {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)
    took = time.monotonic() - START
    print(f"console browser test {'PASSED' if ok else 'FAILED'} after {took:.1f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
