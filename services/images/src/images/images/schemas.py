from kit.schemas import Schema


class ImageCreated(Schema):
    id: str
    width: int
    height: int
