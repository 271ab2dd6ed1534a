pytest_plugins = ["kit.testing.plugin"]
