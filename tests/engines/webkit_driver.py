"""WebKit (WebKitGTK's WebKitWebDriver with MiniBrowser, through Selenium) behind the same small
interface as bidi.Firefox, so that the engine tier's scenarios run in both.

WebKitWebDriver speaks classic WebDriver only (no BiDi log): uncaught page errors are read from
``tabletop.errors``, which a testing build records from its first module on.
"""

import json
import os
import shutil
import time

from bidi import Polling
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.webkitgtk.service import Service

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

RUN = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (%s)(...JSON.parse(arguments[0])))
  .then((v) => done(JSON.stringify({value: v === undefined ? null : v})),
        (e) => done(JSON.stringify({error: String(e)})));"""


class ScriptError(RuntimeError):
    pass


class WebKit(Polling):
    name = "webkit"
    # a navigation between two polls fails the script in either of these ways
    script_errors = (ScriptError, WebDriverException)

    def __init__(self, display, args=()):
        """args: MiniBrowser's own settings (e.g. --enable-html5-local-storage=false)."""
        os.environ["DISPLAY"] = display
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        for arg in args:
            options.add_argument(arg)
        service = Service(executable_path=shutil.which("WebKitWebDriver"))
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(300)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    @property
    def errors(self):
        try:
            return self.js("() => (window.tabletop && tabletop.errors) || []")
        except ScriptError:
            return []

    def close(self):
        self.driver.quit()

    def viewport(self, width, height):
        # MiniBrowser's window is never narrower than 447 CSS px (its toolbar).
        self.driver.set_window_size(width, height)

    def get(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def js(self, fn, *args):
        raw = self.driver.execute_async_script(RUN % fn, json.dumps(list(args)))
        out = json.loads(raw)
        if "error" in out:
            raise ScriptError(out["error"])
        return out["value"]

    def tap(self, css):
        """A WebDriver click on the first displayed match; the table redraws after every move, so
        an element found may be gone by the click: it is then looked for again."""
        for _ in range(5):
            try:
                for el in self.driver.find_elements(By.CSS_SELECTOR, css):
                    if el.is_displayed():
                        self.driver.execute_script(
                            "arguments[0].scrollIntoView({block: 'center'})", el
                        )
                        el.click()
                        return True
                return False
            except StaleElementReferenceException:
                time.sleep(0.1)
        return False

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))
