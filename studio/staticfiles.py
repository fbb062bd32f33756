"""The production static files storage: WhiteNoise's compressed manifest, with Brotli made affordable.

WhiteNoise compresses every static file with gzip and Brotli at Brotli's best quality (11), which
costs about 2.5 s of CPU per megabyte: the fonts faces are drawn with (4 MB, faces/fonts) and the
API docs' bundles and source maps made ``collectstatic`` take a minute of CPU, several minutes
under load. Quality 9 takes a thirtieth of that for files 5 to 10 % larger, and still smaller than
gzip's (a font: 307 KB at 11, 335 KB at 9, 382 KB gzipped, from 760 KB); small files keep 11.
"""

from __future__ import annotations

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Files from this size are compressed at Brotli quality 9 rather than 11.
LARGE = 16 * 1024


class AffordableCompressor(Compressor):
    @staticmethod
    def compress_brotli(data: bytes) -> bytes:
        import brotli

        return brotli.compress(data, quality=11 if len(data) < LARGE else 9)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def create_compressor(self, **kwargs):
        return AffordableCompressor(**kwargs)
