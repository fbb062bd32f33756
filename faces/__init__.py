"""Card faces: templates as data, one renderer (SVG, then PNG and PDF), print sheets and Tabletop Simulator exports.

Pure modules (no Django): ``template``, ``render``, ``drawing``, ``textfit``,
``fonts``, ``art``, ``raster``, ``sheet``, ``tts``. ``adapters`` turns the
studio's cards and artwork into the renderer's inputs.

The Django app (``apps``, ``models``, ``selectors``, ``services``, ``inputs``,
``views``, ``api``, ``tasks``): each game's stored template and its history,
cached renditions, print jobs, and the pages and routes that show faces.
"""
