from kit.db import make_base

Base = make_base()
