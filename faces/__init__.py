"""Card faces: the face template of each game, the renderer and its renditions, print sheets and exports."""
