"""Card faces: templates as data, one renderer (SVG, then PNG and PDF), print sheets and Tabletop Simulator exports.

Pure modules (no Django): ``template``, ``render``, ``drawing``, ``textfit``,
``fonts``, ``art``, ``raster``, ``sheet``, ``tts``. ``adapters`` turns the
studio's cards and artwork into the renderer's inputs.
"""
