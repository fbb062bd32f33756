# STUB (not committed)
def write_print_sheet(faces, out, *, paper="a4", bleed_mm=0, back=None, cover=""):
    n = sum(1 for _ in faces)
    out.write(b"%PDF-1.4\n% stub " + str(n).encode() + b"\n%%EOF\n")
