"""Drive a command on a real pseudo-terminal as a person would: wait for text on the screen, then type.

Usage: python3 pty-drive.py SCRIPT_JSON
SCRIPT_JSON: {"argv": [...], "env": {...}, "cwd": "...", "timeout": seconds per wait,
              "steps": [{"expect": "text on screen"} | {"send": "keys"} | {"signal": n}]}
Prints one JSON object: {"screen": everything the terminal showed, "code": exit code (128+n for signal n),
"failed": null or {"step": i, "expect": text} when a wait ran out (the command is then killed)}.
"""
import json
import os
import pty
import select
import signal
import sys
import time


def main() -> None:
    script = json.loads(sys.argv[1])
    pid, fd = pty.fork()
    if pid == 0:
        if script.get("cwd"):
            os.chdir(script["cwd"])
        os.execvpe(script["argv"][0], script["argv"], {**os.environ, **script.get("env", {})})
    screen = b""
    seen = 0  # what earlier waits matched is not matched again
    failed = None
    timeout = float(script.get("timeout", 30))

    def read_some(wait: float) -> bool:
        nonlocal screen
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not chunk:
            return False
        screen += chunk
        return True

    alive = True
    for i, step in enumerate(script["steps"]):
        if "send" in step:
            os.write(fd, step["send"].encode())
            continue
        if "signal" in step:  # as `kill -INT pid` from another shell, not a key typed in the terminal
            os.kill(pid, step["signal"])
            continue
        want = step["expect"].encode()
        deadline = time.monotonic() + timeout
        while want not in screen[seen:]:
            if not alive or time.monotonic() > deadline:
                failed = {"step": i, "expect": step["expect"]}
                break
            alive = read_some(0.2)
        if failed:
            os.kill(pid, signal.SIGKILL)
            break
        seen = screen.index(want, seen) + len(want)
    deadline = time.monotonic() + timeout
    while alive and time.monotonic() < deadline:
        alive = read_some(0.2)
    if alive:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
    print(json.dumps({"screen": screen.decode("utf-8", "replace"), "code": code, "failed": failed}))


main()
