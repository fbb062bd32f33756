"""Documentation of the comment and notification routes (OpenAPI); the services read the bodies."""

from rest_framework import serializers


class CommentCreateDoc(serializers.Serializer):
    body = serializers.CharField(help_text="Plain text (links kept, no HTML); @username mentions that user.")
    field = serializers.CharField(required=False, help_text="The card's field the thread is about.")
    region = serializers.CharField(
        required=False, help_text="The region of the card's face the thread is about (GET face-regions/)."
    )
    language = serializers.CharField(required=False, help_text="The translation the thread is about.")
    parent = serializers.IntegerField(required=False, help_text="The thread this comment answers.")


class TableCommentCreateDoc(serializers.Serializer):
    body = serializers.CharField(help_text="Plain text (links kept, no HTML); @username mentions that user.")
    event = serializers.IntegerField(
        required=False, help_text="The seq of the event of the log the thread is about (a new thread)."
    )
    parent = serializers.IntegerField(required=False, help_text="The thread this comment answers.")


class CommentEditDoc(serializers.Serializer):
    body = serializers.CharField()


class CommentDoc(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(allow_null=True)
    body = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    region = serializers.CharField(allow_null=True)
    language = serializers.CharField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    event = serializers.IntegerField(allow_null=True)
    parent = serializers.IntegerField(allow_null=True)
    cardVersion = serializers.IntegerField(allow_null=True)
    onEarlierVersion = serializers.BooleanField()
    resolved = serializers.BooleanField()
    deleted = serializers.BooleanField()
    createdAt = serializers.DateTimeField()
    editedAt = serializers.DateTimeField(allow_null=True)


class FaceBoxDoc(serializers.Serializer):
    x = serializers.FloatField()
    y = serializers.FloatField()
    w = serializers.FloatField()
    h = serializers.FloatField()


class FaceRegionDoc(serializers.Serializer):
    id = serializers.CharField()
    kind = serializers.CharField()
    label = serializers.CharField()
    box = FaceBoxDoc(help_text="Millimetres from the card's top-left corner.")


class FaceRegionsDoc(serializers.Serializer):
    stableCardId = serializers.CharField()
    width = serializers.FloatField(help_text="The card's width in millimetres.")
    height = serializers.FloatField()
    regions = FaceRegionDoc(many=True)


class MentionChoicesDoc(serializers.Serializer):
    usernames = serializers.ListField(child=serializers.CharField())


class NotificationDoc(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="mention, reply, status, watch, version, table or paper.")
    read = serializers.BooleanField()
    url = serializers.CharField()
    createdAt = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    cardName = serializers.CharField(allow_null=True)
    deck = serializers.IntegerField(allow_null=True)
    deckName = serializers.CharField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    tableName = serializers.CharField(allow_null=True)
    comment = serializers.IntegerField(allow_null=True)
    status = serializers.CharField(allow_null=True)
    version = serializers.IntegerField(allow_null=True, help_text="version: the card's new version.")
    table = serializers.IntegerField(allow_null=True, help_text="table: the table whose game ended.")
    paperGame = serializers.IntegerField(allow_null=True, help_text="paper: the game waiting for an answer.")


class NotificationsReadDoc(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(), required=False)
    all = serializers.BooleanField(required=False)


class ReadCountDoc(serializers.Serializer):
    marked = serializers.IntegerField()
    unread = serializers.IntegerField()
