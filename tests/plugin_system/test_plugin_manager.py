"""The plugin system: app-registered plugins, entry points, load filters, named strategies."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pdfbuilder
import pytest

import pagelift
from pagelift import GlyphMap, PluginError, PluginLoadWarning, PluginManager, hookimpl


def _hello_pdf() -> bytes:
    doc = pdfbuilder.Document()
    page = doc.add_page()
    font = doc.standard_font("Helvetica")
    page.text(font, 12, 72, 700, "Hello plugins")
    return doc.to_bytes()


class AsciiDecoder:
    """An app's own decoder, registered without packaging: printable ASCII codes are themselves."""

    def __init__(self) -> None:
        self.fonts_seen: list[str] = []

    @hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> GlyphMap:
        self.fonts_seen.append(font.base_font)
        return GlyphMap("ascii", 1, {code: chr(code) for code in range(32, 127)})


def test_an_app_registered_decoder_is_called_once_per_font_and_its_answer_used() -> None:
    pm = PluginManager(load_entry_points=False)
    decoder = AsciiDecoder()
    pm.register(decoder, name="app-decoder")
    doc = pagelift.open(_hello_pdf(), plugins=pm)
    assert doc.text() == "Hello plugins"
    assert decoder.fonts_seen == ["Helvetica"]
    assert [info.name for info in pm.plugins()] == ["app-decoder"]
    assert pm.plugins()[0].hooks == ("pagelift_decode_font",)
    assert pm.plugins()[0].distribution is None


def test_without_any_decoder_the_text_is_dropped_and_flagged_unreadable() -> None:
    doc = pagelift.open(_hello_pdf(), plugins=PluginManager(load_entry_points=False))
    assert doc.text() == ""
    assert doc.pages[0].runs and all(run.unreadable for run in doc.pages[0].runs)
    assert doc.unreadable_count == len(doc.pages[0].runs)


def test_a_higher_priority_answer_wins_code_by_code() -> None:
    class Low:
        @hookimpl
        def pagelift_decode_font(self, font: pagelift.FontInfo) -> GlyphMap:
            return GlyphMap("low", 1, {code: chr(code) for code in range(32, 127)})

    class High:
        @hookimpl
        def pagelift_decode_font(self, font: pagelift.FontInfo) -> GlyphMap:
            return GlyphMap("high", 2, {ord("H"): "J"})

    pm = PluginManager(load_entry_points=False)
    pm.register(Low())
    pm.register(High())
    assert pagelift.open(_hello_pdf(), plugins=pm).text() == "Jello plugins"


def test_a_misspelled_hook_fails_at_registration() -> None:
    class Typo:
        @hookimpl
        def pagelift_decode_fonts(self, font: object) -> None:
            return None

    pm = PluginManager(load_entry_points=False)
    with pytest.raises(PluginError, match="pagelift_decode_fonts"):
        pm.register(Typo(), name="typo")
    assert pm.plugins() == []


class _Layout:
    def arrange(self, runs: object, context: object) -> list[pagelift.Block]:
        return []


def test_a_strategy_name_registered_twice_names_both_plugins() -> None:
    class First:
        @hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            register("fancy", _Layout())

    class Second:
        @hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            register("fancy", _Layout())

    pm = PluginManager(load_entry_points=False)
    pm.register(First(), name="first-plugin")
    pm.register(Second(), name="second-plugin")
    with pytest.raises(PluginError, match=r"first-plugin.*second-plugin"):
        pm.layout("fancy")


def test_each_family_of_strategies_is_collected_only_when_one_of_it_is_asked_for() -> None:
    asked: list[str] = []

    class Both:
        @hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            asked.append("layouts")
            register("fancy", _Layout())

        @hookimpl
        def pagelift_register_exporters(self, register):  # type: ignore[no-untyped-def]
            asked.append("exporters")
            register("twice", object())

    class Clash:
        @hookimpl
        def pagelift_register_exporters(self, register):  # type: ignore[no-untyped-def]
            register("twice", object())

    pm = PluginManager(load_entry_points=False)
    pm.register(Both(), name="both")
    pm.register(Clash(), name="clash")
    assert pm.layout_names() == ["fancy"] and pm.layout("fancy") is not None
    assert asked == ["layouts"]  # a reading that needs a layout never registers exporters
    assert pm.table_detector_names() == [] and asked == ["layouts"]
    # Two exporters of one name are an error when exporters are asked for; layouts still work.
    with pytest.raises(PluginError, match=r"exporter 'twice' is registered twice.*'both'.*'clash'"):
        pm.exporter_names()
    assert asked == ["layouts", "exporters"] and pm.layout_names() == ["fancy"]


def test_an_unknown_strategy_name_lists_the_installed_ones() -> None:
    class Layouts:
        @hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            register("alpha", _Layout())
            register("beta", _Layout())

    pm = PluginManager(load_entry_points=False)
    pm.register(Layouts())
    assert pm.layout_names() == ["alpha", "beta"]
    with pytest.raises(PluginError, match=r"no layout named 'gamma'; installed: alpha, beta"):
        pm.layout("gamma")
    doc = pagelift.open(_hello_pdf(), plugins=pm)
    with pytest.raises(PluginError, match="installed: alpha, beta"):
        doc.pages[0].text(layout="gamma")


def test_an_app_layout_is_used_by_name() -> None:
    class Reverse:
        def arrange(self, runs, context):  # type: ignore[no-untyped-def]
            return [[line] for line in reversed(pagelift.lines(runs))]

    class Plugin:
        @hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            register("reverse", Reverse())

    doc_bytes = pdfbuilder.Document()
    page = doc_bytes.add_page()
    font = doc_bytes.standard_font("Helvetica")
    page.text(font, 12, 72, 700, "first")
    page.text(font, 12, 72, 680, "second")
    pm = PluginManager(load_entry_points=False)
    pm.register(AsciiDecoder())
    pm.register(Plugin())
    doc = pagelift.open(doc_bytes.to_bytes(), plugins=pm)
    assert doc.text() == "first\nsecond"  # no layout installed: the core's own reading
    assert doc.text(layout="reverse") == "second\n\nfirst"


# -- entry points --------------------------------------------------------------------------


def _fake_distribution(root: Path, dist: str, module: str, body: str, entry_name: str) -> None:
    """Put a minimal installed distribution (a module and its dist-info) in ``root``."""
    (root / f"{module}.py").write_text(textwrap.dedent(body), encoding="utf-8")
    info = root / f"{dist.replace('-', '_')}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.2.3\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[pagelift]\n{entry_name} = {module}\n", encoding="utf-8")


@pytest.fixture
def fake_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PAGELIFT_LOAD_PLUGINS", raising=False)
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("fake_pagelift_")]:
        del sys.modules[name]


GOOD_PLUGIN = """
    import pagelift

    class Shout:
        def arrange(self, runs, context):
            return [[line] for line in pagelift.lines(runs)]

    @pagelift.hookimpl
    def pagelift_register_layouts(register):
        register("shout", Shout())
"""


def test_a_plugin_installed_through_an_entry_point_is_discovered(fake_site: Path) -> None:
    _fake_distribution(fake_site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    pm = PluginManager()
    info = {p.name: p for p in pm.plugins()}["shout"]
    assert info.distribution == "pagelift-shout"
    assert info.version == "1.2.3"
    assert info.hooks == ("pagelift_register_layouts",)
    assert "shout" in pm.layout_names()


def test_load_only_the_plugins_named_in_the_environment(fake_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_distribution(fake_site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "something-else")
    assert "shout" not in {p.name for p in PluginManager().plugins()}
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "")
    assert PluginManager().plugins() == []
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "shout")
    assert [p.name for p in PluginManager().plugins()] == ["shout"]


def test_a_plugin_that_fails_to_load_is_skipped_with_a_warning_naming_it(fake_site: Path) -> None:
    _fake_distribution(fake_site, "pagelift-broken", "fake_pagelift_broken", "raise ImportError('no libfoo')\n", "broken")
    _fake_distribution(fake_site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    with pytest.warns(PluginLoadWarning, match=r"'broken'.*no libfoo"):
        pm = PluginManager()
    names = {p.name for p in pm.plugins()}
    assert "broken" not in names and "shout" in names


def test_a_plugin_with_a_misspelled_hook_is_skipped_with_a_warning(fake_site: Path) -> None:
    body = """
        import pagelift

        @pagelift.hookimpl
        def pagelift_register_layout(register):
            pass
    """
    _fake_distribution(fake_site, "pagelift-typo", "fake_pagelift_typo", body, "typo")
    with pytest.warns(PluginLoadWarning, match=r"'typo'.*pagelift_register_layout"):
        pm = PluginManager()
    assert "typo" not in {p.name for p in pm.plugins()}
