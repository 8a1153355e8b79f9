"""spec/vectors/symbols.json conforms to its JSON Schema, and every matrix is
square with the stated side."""
import json
import pathlib

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_vectors_match_schema():
    schema = json.loads((ROOT / "spec/vectors/symbols.schema.json").read_text())
    document = json.loads((ROOT / "spec/vectors/symbols.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(document)


def test_matrices_are_square_with_the_stated_side():
    document = json.loads((ROOT / "spec/vectors/symbols.json").read_text())
    names = [v["name"] for v in document["vectors"]]
    assert len(names) == len(set(names)), "vector names are unique"
    for vector in document["vectors"]:
        n = vector["expect"]["modules"]
        assert len(vector["expect"]["matrix"]) == n, vector["name"]
        assert all(len(row) == n for row in vector["expect"]["matrix"]), vector["name"]
        assert (vector["expect"]["format"] == "none") == (vector["input"]["profile"] == 1), vector["name"]
