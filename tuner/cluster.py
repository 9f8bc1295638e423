"""`haudrauf sweep --scheduler ADDRESS`: a sweep's games played on a Dask
cluster instead of local worker processes.

The cluster is only another `concurrent.futures.Executor` for `table.sweep`:
the seeds and the order the figures are merged in stay the sweep's, so a
cluster gives the same figures as this machine for the same seed. Dask is an
optional extra (`pip install -e '.[cluster]'`), imported only here and only
when a scheduler is asked for; every worker needs the project installed too,
to unpickle the games it is sent."""
from __future__ import annotations

import asyncio
import warnings
from concurrent.futures import Executor

#: How to get Dask, said when it is missing.
INSTALL = "pip install -e '.[cluster]'"
#: Seconds to reach the scheduler and to find a worker there: a scheduler
#: on the network answers well within it; a wrong address should not keep anyone waiting.
TIMEOUT = 3.0


class ClusterError(Exception):
    """The cluster cannot be used; the message says why, for a person."""


class ClusterExecutor(Executor):
    """The client's own executor, which also lets go of the scheduler when shut down."""

    def __init__(self, client) -> None:
        self.client = client
        self.executor = client.get_executor(pure=False)  # every task runs: none is taken for another's twin

    def submit(self, fn, /, *args, **kwargs):
        return self.executor.submit(fn, *args, **kwargs)

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        """The results in the order of the arguments, like the local pool's."""
        return self.executor.map(fn, *iterables, timeout=timeout)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.executor.shutdown(wait and not cancel_futures)  # not waiting: the games still to play are cancelled
        self.client.close()


def connect(address: str, timeout: float | None = None) -> ClusterExecutor:
    """An executor on the cluster whose scheduler is at `address`
    ("tcp://host:8786"), once it has a worker with the project installed;
    ClusterError otherwise. `timeout`: seconds to reach the scheduler, and to
    find a worker there (default TIMEOUT)."""
    timeout = TIMEOUT if timeout is None else timeout
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"needs Dask, which is not installed; install it with {INSTALL}") from None
    check_address(distributed, address)
    check_answers(distributed, address, timeout)
    with warnings.catch_warnings(record=True) as said:  # Dask's table of mismatched versions: said if the sweep runs
        try:
            client = distributed.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError):  # it stopped answering since it was asked
            raise ClusterError(not_answered(address, timeout)) from None
        try:
            check_workers(client, address, timeout)
        except ClusterError:
            client.close()
            raise
    for warning in said:
        warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)
    return ClusterExecutor(client)


def check_address(distributed, address: str) -> None:
    """Before a Client is made: a half-made one holds the interpreter's exit for 10 s."""
    if not address.strip():  # no address at all would start a cluster on this machine instead
        raise ClusterError("give the scheduler's address, like tcp://192.168.1.20:8786")
    try:
        distributed.comm.get_address_host_port(address)
    except ValueError as exc:  # "unknown address scheme 'http'", "missing port number in address 'x'"
        raise ClusterError(f"{address!r} is not a scheduler's address: {exc}; "
                           "give one like tcp://192.168.1.20:8786") from None


def not_answered(address: str, timeout: float) -> str:
    return f"no scheduler answered at {address} within {timeout:g} s; is `dask scheduler` running there?"


def check_answers(distributed, address: str, timeout: float) -> None:
    """Ask whoever listens there for a scheduler's greeting, all within `timeout`.
    A Client waits for ever on a listener that never speaks, and junk bytes make
    it fail in ways of its own (a frame of exabytes: MemoryError), with its
    threads left to complain at exit."""
    async def greet() -> None:
        comm = await distributed.comm.connect(address, timeout=timeout)
        await comm.close()
    try:
        asyncio.run(asyncio.wait_for(greet(), timeout))
    except (OSError, TimeoutError):  # nothing listening there, an unknown host, or silence
        raise ClusterError(not_answered(address, timeout)) from None
    except Exception:  # noqa: BLE001 — it answered, but not as a scheduler: whatever it sent is refused
        raise ClusterError(f"what answered at {address} is not a Dask scheduler; "
                           "is the address that of `dask scheduler`?") from None


def check_workers(client, address: str, timeout: float) -> None:
    """A worker is there, and every worker has the project: one without it
    could not even read the games it is sent, and the sweep would wait for ever."""
    from importlib.metadata import version
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise ClusterError(f"the scheduler at {address} has no workers; start one with "
                           f"`dask worker {address}`") from None
    found = client.run(version, "haudrauf", on_error="return")  # the standard library's function: any worker has it
    lacking = sorted(worker for worker, answer in found.items() if isinstance(answer, Exception))
    if lacking:
        raise ClusterError(f"{len(lacking)} of {len(found)} workers do not have this project installed "
                           f"(the first: {lacking[0]}); install it on each with {INSTALL}")
