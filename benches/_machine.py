"""Shared by the peer benchmarks: a description of the machine they ran on."""

from __future__ import annotations

import os
import platform
from typing import Any, Dict


def machine_info() -> Dict[str, Any]:
    cpu = platform.processor() or ""
    if not cpu or cpu in ("x86_64", "aarch64", "arm64", "i386"):
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.lower().startswith("model name"):
                        cpu = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
    try:
        usable = len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        usable = os.cpu_count() or 0
    return {
        "processor": platform.processor(),
        "cpu": cpu,
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }
