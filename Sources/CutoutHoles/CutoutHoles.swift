// The CutoutHoles module.
