"""The user's account as a whole, through the library against a
wellness-server the test starts: the export arrives whole in a private file,
the erasure is confirmed with an API key, and afterwards the server refuses
the credentials and the local store keeps nothing of the user (cached answers
and queued writes alike)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

import wellness
from servers import RestartableServer
from test_offline import offline_client


def test_export_arrives_whole_in_a_private_file(server: RestartableServer, tmp_path: Path) -> None:
    with wellness.Client(server.base_url, api_key=server.api_key, cache_directory=False,
                         store_directory=False) as client:
        goal = client.create_goal({"title": "Export-Marker goal", "goal_type": "activity",
                                   "start_date": "2025-01-01", "is_recurring": False})
        path = tmp_path / "export.json"
        written = client.export_account(path)
        document = json.loads(path.read_text())
        assert written == path.stat().st_size and document["complete"] is True
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert [g["title"] for g in document["goals"]] == ["Export-Marker goal"] and goal["id"]
        assert len(document["checkins"]) >= 365 and document["insights"]
        assert server.api_key not in path.read_text(), "never a key"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json", "server-data"], "no partial file left"
        with pytest.raises(wellness.ValidationError):
            client.export_account(tmp_path / "missing-directory" / "export.json")


def test_erase_account_erases_the_server_and_the_local_store(server: RestartableServer, tmp_path: Path) -> None:
    store = tmp_path / "store"
    with offline_client(server.base_url, server.api_key, store) as client:
        client.list_insights()
        client.list_goals()
        with pytest.raises(wellness.ForbiddenError):
            client.erase_account("not-one-of-the-keys")
        assert client.list_insights()["insights"], "a refused erasure erases nothing"
        server.stop()
        queued = client.create_goal({"title": "queued while offline", "goal_type": "activity",
                                     "start_date": "2025-01-01", "is_recurring": False})
        assert queued.get("queued") is True
        server.start()
        erased = client.erase_account(server.api_key)
        assert erased["erased"] is True
        local = erased["local"]
        assert local is not None and local["cached"] >= 2 and local["pending"] == 1
        assert client.pending()["count"] == 0
        assert client.erase_local_data() == {"cached": 0, "pending": 0, "failed": 0}
        with pytest.raises(wellness.UnauthorizedError):
            client.list_goals()
        with pytest.raises(wellness.UnauthorizedError):
            client.erase_account(server.api_key)


def test_erase_local_data_is_for_offline_clients(server: RestartableServer) -> None:
    with wellness.Client(server.base_url, api_key=server.api_key, cache_directory=False,
                         store_directory=False) as client:
        assert client.erase_account(server.api_key) == {"erased": True, "local": None}
        with pytest.raises(wellness.UnauthorizedError):
            client.list_goals()
