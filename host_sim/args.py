"""Command-line number arguments shared by the host tools (argparse `type=` functions): a bad
value is one line of error, not a traceback."""
import argparse


def positive_int(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be 1 or more, not %d" % n)
    return n


def positive_float(text):
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number" % text)
    if not x > 0:
        raise argparse.ArgumentTypeError("must be more than 0, not %s" % text)
    return x
