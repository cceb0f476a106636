"""The JSON API's OpenAPI document is the one it was before the API was split by resource
(issue 30): the same operations (method, path, operationId, answers) and the same schemas'
names, read from ``/api/openapi.json`` as generated at the base commit (``505acfc``). The whole
document (72 kB, too big a fixture) was compared byte for byte when the split was made; these
are what a client generated from it depends on."""

from __future__ import annotations

from fastapi.testclient import TestClient

REFUSALS = ("400", "401", "403", "404", "409", "413", "422", "503")
"""The refusals every operation documents (``{"error": ...}``, :mod:`arbitro.web.errors`)."""

OPERATIONS = {
    (
        "GET",
        "/api/codes/{code}/irregularities",
        "code_irregularities_api_codes__code__irregularities_get",
        ("200",),
    ),
    ("GET", "/api/events", "list_events_api_events_get", ("200",)),
    (
        "POST",
        "/api/events/{event_id}/records/{seq}/cancel",
        "cancel_record_api_events__event_id__records__seq__cancel_post",
        ("200",),
    ),
    ("GET", "/api/events/{event_id}", "get_event_api_events__event_id__get", ("200",)),
    ("GET", "/api/events/{event_id}/export", "export_api_events__event_id__export_get", ("200",)),
    (
        "GET",
        "/api/events/{event_id}/rounds/{round_number}/seating",
        "get_seating_api_events__event_id__rounds__round_number__seating_get",
        ("200",),
    ),
    (
        "GET",
        "/api/events/{event_id}/rounds/{round_number}/sheets",
        "get_sheets_api_events__event_id__rounds__round_number__sheets_get",
        ("200",),
    ),
    (
        "GET",
        "/api/events/{event_id}/standings",
        "get_standings_api_events__event_id__standings_get",
        ("200",),
    ),
    ("POST", "/api/events", "create_event_api_events_post", ("201",)),
    ("POST", "/api/events/import", "import_event_file_api_events_import_post", ("201",)),
    (
        "POST",
        "/api/events/{event_id}/competitors",
        "register_api_events__event_id__competitors_post",
        ("201",),
    ),
    (
        "POST",
        "/api/events/{event_id}/late-entries",
        "admit_late_api_events__event_id__late_entries_post",
        ("201",),
    ),
    (
        "POST",
        "/api/events/{event_id}/payments",
        "payment_api_events__event_id__payments_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/abandons",
        "abandon_api_events__event_id__rounds__round_number__abandons_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/arbitral-scores",
        "arbitral_api_events__event_id__rounds__round_number__arbitral_scores_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/lateness",
        "lateness_api_events__event_id__rounds__round_number__lateness_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/publish-seating",
        "publish_seating_api_events__event_id__rounds__round_number__publish_seating_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/publish-standings",
        "publish_standings_api_events__event_id__rounds__round_number__publish_standings_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/seat",
        "seat_api_events__event_id__rounds__round_number__seat_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/tables/{table}/confirm",
        "confirm_sheet_api_events__event_id__rounds__round_number__tables__table__confirm_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/tables/{table}/correct",
        "correct_sheet_api_events__event_id__rounds__round_number__tables__table__correct_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/tables/{table}/sheet",
        "enter_sheet_api_events__event_id__rounds__round_number__tables__table__sheet_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rounds/{round_number}/warnings",
        "warning_api_events__event_id__rounds__round_number__warnings_post",
        ("200",),
    ),
    (
        "POST",
        "/api/events/{event_id}/rulings",
        "give_ruling_api_events__event_id__rulings_post",
        ("201",),
    ),
    ("POST", "/api/token", "token_api_token_post", ("200", "429")),
}
"""Each operation as ``(method, path, operationId, its answers besides the refusals)``."""

SCHEMAS = [
    "AbandonIn",
    "ArbitralScoreIn",
    "CancelIn",
    "CitationOut",
    "CompetitorCreated",
    "CompetitorIn",
    "CompetitorOut",
    "CorrectionIn",
    "Done",
    "ErrorBody",
    "ErrorOut",
    "EventConfigIn",
    "EventConfigOut",
    "EventFormat",
    "EventOut",
    "EventSummaryOut",
    "FactChoiceOut",
    "FactOut",
    "FlagOut",
    "ImportedOut",
    "IrregularityOut",
    "LateEntryIn",
    "LatenessIn",
    "Movement",
    "PaymentIn",
    "PublishSeatingIn",
    "RoundOut",
    "RulingIn",
    "RulingOut",
    "SeatIn",
    "SeatingOut",
    "SheetStatusChange",
    "SheetStatusOut",
    "SheetsOut",
    "StandingOut",
    "StandingsOut",
    "TableOut",
    "TokenIn",
    "TokenOut",
    "WarningIn",
]


def operations(document: dict[str, object]) -> set[tuple[str, str, str, tuple[str, ...]]]:
    """The operations of an OpenAPI document, as :data:`OPERATIONS` writes them."""
    paths = document["paths"]
    assert isinstance(paths, dict)
    found = set()
    for path, methods in paths.items():
        for method, operation in methods.items():
            answers = set(operation["responses"])
            assert answers >= set(REFUSALS), (method, path)
            others = tuple(sorted(answers - set(REFUSALS)))
            found.add((method.upper(), path, operation["operationId"], others))
    return found


def test_the_api_keeps_its_operations(client: TestClient) -> None:
    """Every operation of the base commit's document, and no other: same path, method,
    operationId and answers (201 for a creation, 429 for a throttled login)."""
    document = client.get("/api/openapi.json").json()
    assert operations(document) == OPERATIONS


def test_the_api_keeps_its_schemas(client: TestClient) -> None:
    """The schemas' names of the base commit's document (a generated client's classes)."""
    document = client.get("/api/openapi.json").json()
    assert sorted(document["components"]["schemas"]) == SCHEMAS
