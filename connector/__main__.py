import gc
import os
import sys

if __name__ == "__main__":
    # main() keeps the cyclic garbage collector off until the server serves; off from here, it is off for the
    # imports before main() too. Nor are pydantic's plugins looked for among the entry points of every installed
    # package (about 20 ms), unless PYDANTIC_DISABLE_PLUGINS is set in the environment (to "" for all of them).
    gc.disable()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from connector.cli import main

    sys.exit(main())
