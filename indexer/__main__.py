import sys

if __name__ == "__main__":  # not when a worker process imports this module as its parent's main module
    from indexer.cli import main

    sys.exit(main())
