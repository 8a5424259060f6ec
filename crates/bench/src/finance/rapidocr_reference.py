"""The Python reference of `suite-bench finance bench`: the rapidocr_onnxruntime package
reading an image with PP-OCRv4, driven over stdin so the models load once. Each line in is an
image path; each line out is a JSON object with the reading's milliseconds (decoding the file
included, as the Rust side does) and the text of every line read."""

import json
import sys
import time

from rapidocr_onnxruntime import RapidOCR


def main():
    engine = RapidOCR()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        started = time.perf_counter()
        result, _ = engine(path)
        elapsed = (time.perf_counter() - started) * 1e3
        texts = [text for _, text, _ in (result or [])]
        print(json.dumps({"ms": elapsed, "texts": texts}), flush=True)


if __name__ == "__main__":
    main()
