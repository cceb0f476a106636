"""axe-core in the browser tests (issue 28): inject the npm package's ``axe.min.js`` (installed
by ``scripts/setup.sh`` from ``package-lock.json``) into a Playwright page, run it with the
WCAG 2 A/AA (2.0, 2.1, 2.2) and best-practice rules, and say what it found.

The pages' Content-Security-Policy refuses inline scripts, and Playwright injects the file as
one: the page must be opened in a context made with :func:`axe_context` (``bypass_csp``),
which changes nothing else of what axe reads (the markup, the styles, the contrasts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
"""The rules run: WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices."""
BLOCKING = ("critical", "serious")
"""The impacts a page may not have (issue 28); moderate and minor ones are reported only."""
NODES_SHOWN = 3

RUN = """async tags => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                          resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.map(String), html: n.html,
                              summary: n.failureSummary || ""})),
  }));
}"""


def axe_context(browser: Any, **options: Any) -> Any:
    """A browser context in which axe-core is in every page from its start (the pages' CSP
    bypassed); ``options`` as Playwright's ``new_context`` (``viewport``, ``locale``...)."""
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `bash scripts/setup.sh` (npm ci)")
    context = browser.new_context(bypass_csp=True, **options)
    # given to each document as it starts rather than added to it afterwards: a tag added
    # after the load cost a trip to the browser and a parse of its own, a third of a page's
    # check in the walk of every page
    context.add_init_script(path=str(AXE_JS))
    return context


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The axe-core violations of the page as it is now: a list of ``{id, impact, help,
    helpUrl, nodes: [{target, html, summary}]}``."""
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `bash scripts/setup.sh` (npm ci)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    violations: list[dict[str, Any]] = page.evaluate(RUN, list(TAGS))
    return violations


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The violations of impact critical or serious."""
    return [v for v in violations if v["impact"] in BLOCKING]


def describe(violations: list[dict[str, Any]], where: str = "") -> str:
    """A failure message saying what to fix: each violation's id, impact and help, and the
    first nodes' CSS targets with their markup."""
    lines = [f"{len(violations)} axe-core violation(s){' on ' + where if where else ''}:"]
    for v in violations:
        lines.append(f"- {v['id']} [{v['impact']}] {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:NODES_SHOWN]:
            lines.append(f"    at {' '.join(node['target'])}: {node['html'][:160]}")
            summary = " ".join(node["summary"].split())
            if summary:
                lines.append(f"      {summary[:300]}")
        if len(v["nodes"]) > NODES_SHOWN:
            lines.append(f"    ... and {len(v['nodes']) - NODES_SHOWN} more")
    return "\n".join(lines)
