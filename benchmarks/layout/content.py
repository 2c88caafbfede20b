"""The benchmark's documents as data: what each one says, in reading order.

Every document is a list of blocks. The renderers in ``generate.py`` turn the same blocks
into HTML (Chromium), flat ODT (LibreOffice), LaTeX (pdflatex) and a ReportLab story, and
:func:`truth` turns them into the text a reader should get back, in reading order. The
text is made from fixed word lists by a seeded generator, so every run makes the same
documents; words are chosen so that no producer rewrites them (no quotes, dashes or
apostrophes that typesetters curl, no hyphenation).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

LATIN = ["the", "a", "of", "and", "to", "in", "is", "that", "for", "it", "as", "with", "was", "on", "be", "by", "this", "are", "from", "at", "or", "an", "which", "one", "all", "there", "their", "has", "more", "when", "can", "will", "other", "about", "many", "then", "them", "these", "some", "would", "like", "into", "time", "only", "new", "could", "very", "after", "also", "most", "where", "through", "back", "much", "before", "right", "because", "each", "just", "those", "people", "how", "well", "should", "world", "still", "between", "never", "under", "last", "while", "might", "city", "house", "river", "paper", "window", "garden", "market", "letter", "number", "study", "reader", "system", "method", "result", "table", "column", "layout", "history", "question", "answer", "morning", "evening", "winter", "summer", "travel", "journey", "station", "harbour", "mountain", "valley", "forest", "village", "library", "museum", "theatre", "student", "teacher", "doctor", "engineer", "farmer", "painter", "writer", "careful", "quiet", "simple", "bright", "narrow", "heavy", "gentle", "ancient", "modern", "public", "private", "measure", "observe", "describe", "compare", "collect", "explain", "follow", "improve", "reduce", "publish", "arrange", "gather", "print", "read", "write", "carry", "open", "close", "build"]

ARABIC = ["كتاب", "مدرسة", "الطالب", "يقرأ", "في", "المكتبة", "كل", "يوم", "البيت", "كبير", "جميل", "اللغة", "العربية", "الجديد", "المدينة", "الشارع", "المعلم", "الدرس", "العلم", "النهر", "السوق", "الصباح", "المساء", "الشتاء", "الصيف", "الرحلة", "القطار", "البحر", "الجبل", "القرية", "الحديقة", "الورقة", "الرسالة", "النافذة", "الباب", "الطريق", "العمل", "الناس", "الوقت", "قديم", "صغير", "جديدة", "واسع", "هادئ", "بعيد", "قريب", "من", "إلى", "على", "مع", "عن", "هذا", "هذه", "ذلك", "التي", "الذي", "كان", "يكتب", "يعمل", "يذهب"]

HEBREW = ["ספר", "בית", "הספר", "תלמיד", "קורא", "בכל", "יום", "גדול", "יפה", "השפה", "העברית", "חדש", "העיר", "הרחוב", "המורה", "השיעור", "המדע", "הנהר", "השוק", "הבוקר", "הערב", "החורף", "הקיץ", "הטיול", "הרכבת", "הים", "ההר", "הכפר", "הגן", "הדף", "המכתב", "החלון", "הדלת", "הדרך", "העבודה", "האנשים", "הזמן", "ישן", "קטן", "חדשה", "רחב", "שקט", "רחוק", "קרוב", "של", "אל", "על", "עם", "זה", "זאת", "אשר", "היה", "כותב", "עובד", "הולך"]

CHINESE = ["我们", "今天", "学习", "中文", "书", "学校", "老师", "学生", "图书馆", "城市", "河流", "市场", "早上", "晚上", "冬天", "夏天", "旅行", "火车", "山", "森林", "村子", "花园", "信", "窗户", "门", "道路", "工作", "人们", "时间", "新的", "旧的", "小", "大", "安静", "美丽", "阅读", "写", "看", "研究", "方法", "结果", "问题", "回答", "历史", "文化", "语言", "文字", "读者", "系统", "表格", "报纸", "音乐", "朋友", "家庭", "天气", "中国", "世界", "社会", "经济", "发展", "科学", "技术", "教育", "生活"]

JAPANESE = ["私たち", "今日", "日本語", "勉強", "本", "学校", "先生", "学生", "図書館", "都市", "川", "市場", "朝", "夜", "冬", "夏", "旅行", "電車", "山", "森", "村", "庭", "手紙", "窓", "道", "仕事", "人々", "時間", "新しい", "古い", "小さい", "大きい", "静か", "美しい", "読む", "書く", "見る", "研究", "方法", "結果", "問題", "答え", "歴史", "文化", "言葉", "文字", "読者", "新聞", "音楽", "友達", "家族", "天気"]

LATIN_IN_RTL = ["Python", "PDF", "Unicode", "Linux", "HTML"]


@dataclass
class Block:
    """One block: ``kind`` is title, heading, spaced (a letter-spaced heading), para, caption,
    table, list, columns or footnotes (``items``, numbered from 1, the number raised
    against the note)."""

    kind: str
    text: str = ""
    rows: list[list[str]] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    ordered: bool = False
    count: int = 1  # columns: how many
    blocks: list[Block] = field(default_factory=list)  # columns: what flows through them


@dataclass
class Doc:
    """A benchmark document: its family, its script and its blocks."""

    name: str
    family: str
    script: str  # latin, arabic, hebrew, chinese, japanese
    blocks: list[Block]
    vertical: bool = False  # CJK written top to bottom, columns right to left (Chromium only)
    latex_class: str = "10pt"  # the options of pdflatex's \\documentclass{article}
    producers: tuple[str, ...] = ()  # the only producers that make this document (empty: every one)


def _sentence(rng: random.Random, script: str, low: int = 8, high: int = 16) -> str:
    n = rng.randint(low, high)
    if script == "latin":
        words = [rng.choice(LATIN) for _ in range(n)]
        if rng.random() < 0.3:
            words.insert(rng.randrange(1, n), str(rng.randint(2, 9999)))
        words[0] = words[0].capitalize()
        return " ".join(words) + "."
    if script in ("arabic", "hebrew"):
        vocab = ARABIC if script == "arabic" else HEBREW
        words = [rng.choice(vocab) for _ in range(n)]
        # A number and a Latin word, each between two right-to-left words (a number right
        # beside a Latin word is ambiguous once painted in visual order).
        if n > 6:
            words[2] = str(rng.randint(10, 2024))
            words[n - 3] = rng.choice(LATIN_IN_RTL)
        return " ".join(words) + "."
    vocab = CHINESE if script == "chinese" else JAPANESE
    return "".join(rng.choice(vocab) for _ in range(n)) + "。"


def _para(rng: random.Random, script: str, sentences: tuple[int, int] = (3, 6)) -> Block:
    joiner = "" if script in ("chinese", "japanese") else " "
    return Block("para", joiner.join(_sentence(rng, script) for _ in range(rng.randint(*sentences))))


def _title(rng: random.Random, script: str) -> Block:
    return Block("title", _sentence(rng, script, 3, 6).rstrip(".。"))


def _heading(rng: random.Random, script: str) -> Block:
    return Block("heading", _sentence(rng, script, 2, 4).rstrip(".。"))


def _table(rng: random.Random, script: str, rows: int, cols: int) -> Block:
    def cell() -> str:
        if rng.random() < 0.5:
            return f"{rng.randint(0, 9999)}.{rng.randint(0, 99):02d}"
        if script == "latin":
            return rng.choice(LATIN).capitalize()
        if script in ("chinese", "japanese"):
            return rng.choice(CHINESE if script == "chinese" else JAPANESE)
        return rng.choice(ARABIC if script == "arabic" else HEBREW)

    header = [rng.choice(LATIN).capitalize() + str(i + 1) for i in range(cols)] if script == "latin" else \
        [cell() for _ in range(cols)]
    return Block("table", rows=[header] + [[cell() for _ in range(cols)] for _ in range(rows)])


def _spaced(rng: random.Random) -> Block:
    """A heading set letter-spaced in capitals ("A N N U A L   R E P O R T"), with no space glyphs."""
    return Block("spaced", " ".join(rng.choice(LATIN).upper() for _ in range(rng.randint(2, 4))))


def _marked_para(rng: random.Random, marks: list[int]) -> Block:
    """A paragraph whose words carry superscripts: footnote markers ("word^3"), references
    ("word^[12]"), ordinals ("10^th") and powers ("m^2"); ``marks`` numbers the footnotes.

    ``^`` raises what follows it up to the next space; the truth is the text without the
    carets: a superscript is part of the word it is printed against.
    """
    words = _sentence(rng, "latin", 30, 45).split()
    for i in sorted(rng.sample(range(1, len(words) - 1), 5)):
        kind = rng.choice(["note", "ref", "ordinal", "power"])
        if kind == "note":
            marks.append(len(marks) + 1)
            words[i] += f"^{marks[-1]}"
        elif kind == "ref":
            words[i] += f"^[{rng.randint(1, 40)}]"
        elif kind == "ordinal":
            words[i] = f"{rng.randint(4, 20)}^th"
        else:
            words[i] = f"m^{rng.randint(2, 3)}"
    text = " ".join(words)
    return Block("para", text.rstrip(".") + ".")


def _list(rng: random.Random, script: str, items: int, ordered: bool) -> Block:
    return Block("list", items=[_sentence(rng, script, 4, 14) for _ in range(items)], ordered=ordered)


def documents() -> list[Doc]:
    """Every benchmark document (the same list on every call)."""
    docs: list[Doc] = []
    rng = random.Random(20261202)
    for variant in range(2):
        docs.append(Doc(f"one-column-{variant}", "one-column", "latin", [
            _title(rng, "latin"), _para(rng, "latin"), _heading(rng, "latin"), _para(rng, "latin"),
            _para(rng, "latin", (5, 9)), _heading(rng, "latin"), _para(rng, "latin"), _para(rng, "latin"),
        ]))
    for count in (2, 3):
        family = "two-column" if count == 2 else "three-column"
        for variant in range(2):
            body = [_para(rng, "latin", (4, 8)) for _ in range(2)] + [_heading(rng, "latin")] + \
                [_para(rng, "latin", (4, 8)) for _ in range(3 + count)]
            tail = [_para(rng, "latin", (3, 5)) for _ in range(2 + count)]
            docs.append(Doc(f"{family}-{variant}", family, "latin", [
                _title(rng, "latin"), Block("columns", count=count, blocks=body),
                Block("caption", "Figure 1. " + _sentence(rng, "latin", 14, 18)),
                Block("columns", count=count, blocks=tail),
            ]))
    for variant in range(2):
        docs.append(Doc(f"tables-{variant}", "tables", "latin", [
            _title(rng, "latin"), _para(rng, "latin", (2, 3)), _table(rng, "latin", 8, 3 + variant),
            _para(rng, "latin", (2, 3)), _table(rng, "latin", 6, 5), _para(rng, "latin", (1, 2)),
        ]))
    for variant in range(2):
        docs.append(Doc(f"lists-{variant}", "lists", "latin", [
            _title(rng, "latin"), _para(rng, "latin", (2, 3)), _list(rng, "latin", 6, ordered=bool(variant)),
            _para(rng, "latin", (1, 3)), _list(rng, "latin", 5, ordered=not variant), _para(rng, "latin", (1, 2)),
        ]))
    for script in ("arabic", "hebrew"):
        docs.append(Doc(f"rtl-{script}", "rtl", script, [
            _title(rng, script), _para(rng, script), _para(rng, script), _heading(rng, script), _para(rng, script),
            _table(rng, script, 4, 3), _para(rng, script, (1, 2)),
        ]))
    for script in ("chinese", "japanese"):
        docs.append(Doc(f"cjk-{script}", "cjk", script, [
            _title(rng, script), _para(rng, script), _heading(rng, script), _para(rng, script),
            _table(rng, script, 4, 3), _para(rng, script, (2, 4)),
        ]))
    for count in (2, 3):
        # Drawn out of reading order (ReportLab only, see reportlab_render.py): the footer
        # first, the columns from the right, the title last.
        body = [_para(rng, "latin", (4, 7)) for _ in range(2 + 2 * count)]
        docs.append(Doc(f"out-of-order-{count}", "out-of-order", "latin", [
            _title(rng, "latin"), Block("columns", count=count, blocks=body),
            Block("caption", "Footer. " + _sentence(rng, "latin", 10, 14)),
        ]))
    docs.append(Doc("cjk-vertical", "cjk", "japanese",
                    [_title(rng, "japanese"), _para(rng, "japanese", (3, 4)), _para(rng, "japanese", (3, 4))],
                    vertical=True))
    # The families added for the reading-order fixes draw from their own generator, so the
    # documents above stay what they were.
    rng = random.Random(20261203)
    for size in ("10pt", "11pt"):
        # pdflatex's own two-column article: a narrow gutter, sections in both columns.
        body: list[Block] = [_title(rng, "latin")]
        for _ in range(7):
            body += [_heading(rng, "latin")] + [_para(rng, "latin", (4, 7)) for _ in range(rng.randint(1, 2))]
        docs.append(Doc(f"latex-twocolumn-{size}", "latex-twocolumn", "latin", body, latex_class=f"twocolumn,{size}",
                        producers=("pdflatex",)))
    for variant in range(2):
        body = [_title(rng, "latin")]
        for _ in range(3):
            body += [_spaced(rng), _para(rng, "latin", (2, 4))]
        docs.append(Doc(f"letter-spaced-{variant}", "letter-spaced", "latin", body,
                        producers=("reportlab", "chromium")))
    for variant in range(2):
        marks: list[int] = []
        body = [_title(rng, "latin")]
        for _ in range(4):
            body += [_marked_para(rng, marks)]
        body += [Block("footnotes", items=[_sentence(rng, "latin", 6, 12) for _ in marks])]
        docs.append(Doc(f"superscripts-{variant}", "superscripts", "latin", body,
                        producers=("chromium", "libreoffice")))
    return docs


def truth(doc: Doc) -> str:
    """The document's text in reading order: what a reader of the page gets."""
    out: list[str] = []

    def walk(blocks: list[Block]) -> None:
        for b in blocks:
            if b.kind == "columns":
                walk(b.blocks)
            elif b.kind == "table":
                out.extend(" ".join(row) for row in b.rows)
            elif b.kind == "list":
                out.extend(b.items)
            elif b.kind == "footnotes":
                # The number printed against its note, as word processors print a footnote.
                out.extend(f"{k}{note}" for k, note in enumerate(b.items, 1))
            else:
                out.append(b.text.replace("^", ""))

    walk(doc.blocks)
    return "\n".join(out)
