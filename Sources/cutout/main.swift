print("cutout")
