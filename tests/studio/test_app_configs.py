"""Each of the studio's apps runs the AppConfig its apps.py declares (its ready(): tasks, receivers,
checks). Django falls back to a bare AppConfig, silently, when apps.py holds more than one."""

import importlib
import inspect

from django.apps import AppConfig, apps
from django.conf import settings


def test_every_app_of_the_studio_runs_the_config_its_apps_module_declares():
    base = str(settings.BASE_DIR)
    checked = 0
    for config in apps.get_app_configs():
        if not config.path.startswith(base) or ".venv" in config.path:
            continue
        try:
            module = importlib.import_module(f"{config.name}.apps")
        except ModuleNotFoundError:
            continue
        declared = [
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, AppConfig) and cls.__module__ == module.__name__ and cls.name == config.name
        ]
        assert declared, f"{module.__name__} declares no AppConfig for {config.name}"
        assert type(config) in declared, f"{config.name} runs {type(config).__name__}, not {declared}"
        checked += 1
    assert checked >= 10
