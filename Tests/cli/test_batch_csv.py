"""`ckey encode --batch`: strict RFC 4180 CSV. A fault in one row spoils that
row only; an unterminated quote or a file that is not UTF-8 stops the batch
before anything is written, with the line that is wrong. No row is ever
swallowed by another.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/cli/test_batch_csv.py
"""
import json
import os
import subprocess

from cli_support import cli_path


def batch(tmp_path, csv_bytes, *extra, env=None):
    source = tmp_path / "rows.csv"
    source.write_bytes(csv_bytes)
    out = tmp_path / "out"
    result = subprocess.run([cli_path(), "encode", "--batch", str(source), "--out-dir", str(out), "--size", "200",
                             *extra], capture_output=True, text=True, timeout=120,
                            env={**os.environ, **(env or {})})
    written = sorted(p.stem for p in out.glob("*.png")) if out.exists() else []
    return result, written


def decoded_text(path):
    result = subprocess.run([cli_path(), "decode", "--json", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["results"][0]["text"]


def test_unterminated_quote_stops_the_batch_naming_the_line(tmp_path):
    result, written = batch(tmp_path, b'name,payload\nu1,"hello\nu2,world\nu3,again\n')
    assert result.returncode == 2, result.stderr
    assert "unterminated quote" in result.stderr
    assert "column 2 of line 2" in result.stderr
    assert "nothing was written" in result.stderr
    assert written == []


def test_a_stray_quote_spoils_only_its_own_row(tmp_path):
    rows = [f"r{i},payload {i}" for i in range(10)]
    csv = "name,payload\nmid\"q,abc\n" + "\n".join(rows) + "\n"
    result, written = batch(tmp_path, csv.encode())
    assert result.returncode == 1, result.stderr
    assert "row 2: has a quote inside unquoted column 1" in result.stderr
    assert written == sorted(f"r{i}" for i in range(10))
    assert "wrote 10 of 11" in result.stdout


def test_text_after_a_closing_quote_spoils_only_its_row(tmp_path):
    result, written = batch(tmp_path, b'name,payload\na,"x"y\nb,fine\n')
    assert result.returncode == 1
    assert "row 2: has text after the closing quote of column 2" in result.stderr
    assert written == ["b"]


def test_quoted_fields_hold_commas_quotes_and_line_breaks(tmp_path):
    csv = b'name,payload\r\nq1,"a,b"\r\nq2,"say ""hi"""\r\nq3,"two\nlines"\r\nq4,plain\r\n'
    result, written = batch(tmp_path, csv)
    assert result.returncode == 0, result.stderr
    assert written == ["q1", "q2", "q3", "q4"]
    out = tmp_path / "out"
    assert decoded_text(out / "q1.png") == "a,b"
    assert decoded_text(out / "q2.png") == 'say "hi"'
    assert decoded_text(out / "q3.png") == "two\nlines"


def test_rows_after_a_multiline_field_keep_their_line_numbers(tmp_path):
    result, written = batch(tmp_path, b'name,payload\nm,"one\ntwo\nthree"\nbad"name,x\nok,y\n')
    assert result.returncode == 1
    assert "row 5: has a quote inside unquoted column 1" in result.stderr
    assert written == ["m", "ok"]


def test_field_count_must_match_the_header(tmp_path):
    result, written = batch(tmp_path, b"name,payload\na,1,extra\nb\nc,3\n")
    assert result.returncode == 1
    assert "row 2: has 3 fields; the header has 2" in result.stderr
    assert "row 3: has 1 fields; the header has 2" in result.stderr
    assert written == ["c"]


def test_nul_in_a_name_is_refused(tmp_path):
    result, written = batch(tmp_path, b"name,payload\nev\x00il,x\ngood,y\n")
    assert result.returncode == 1
    assert "holds a control character" in result.stderr
    assert "\\u{00}" in result.stderr
    assert written == ["good"]


def test_a_file_that_is_not_utf8_is_refused_with_line_and_offset(tmp_path):
    result, written = batch(tmp_path, b"name,payload\nok,fine\nlatin1,caf\xe9\n")
    assert result.returncode == 2
    assert "is not UTF-8: line 3, byte 11 of the line (offset 31 in the file) is 0xE9" in result.stderr
    assert written == []


def test_empty_input_says_empty(tmp_path):
    out = tmp_path / "out"
    result = subprocess.run([cli_path(), "encode", "--batch", "/dev/null", "--out-dir", str(out)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert "is empty (0 bytes)" in result.stderr
    assert "permission" not in result.stderr.lower()


def test_batch_reads_standard_input(tmp_path):
    out = tmp_path / "out"
    result = subprocess.run([cli_path(), "encode", "--batch", "-", "--out-dir", str(out), "--size", "200"],
                            input=b"name,payload\ns1,from stdin\n", capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert decoded_text(out / "s1.png") == "from stdin"


def test_progress_lines_on_a_pipe(tmp_path):
    rows = "".join(f"p{i},https://example.com/{i}\n" for i in range(40))
    result, written = batch(tmp_path, ("name,payload\n" + rows).encode(), env={"CKEY_PROGRESS_SECONDS": "0"})
    assert result.returncode == 0, result.stderr
    assert len(written) == 40
    progress = [line for line in result.stderr.splitlines() if line.startswith("ckey: batch: ")]
    assert progress, result.stderr
    assert progress[-1].endswith("of 40 rows done, 0 failed")


def test_bad_rows_are_reported_with_the_summary_in_json(tmp_path):
    result, written = batch(tmp_path, b'name,payload\na,1\na,2\nb"x,3\n', "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["rows"] == 3 and report["written"] == 1
    assert report["failed"] == ["row 3: name 'a' repeats an earlier row",
                                "row 4: has a quote inside unquoted column 1; quote the whole field and double the quote (\"a\"\"b\")"]
