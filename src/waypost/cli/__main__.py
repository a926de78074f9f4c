"""``python -m waypost.cli``: the ``waypost`` command."""

from waypost.cli.main import main

main()
