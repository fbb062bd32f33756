# Comments anchored on a region of a card's face, and on an event of a finished table's log.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('comments', '0004_notice_kinds_and_digest'),
        ('tables', '0005_table_timer'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='comment',
            name='comment_on_card_or_deck',
        ),
        migrations.AddField(
            model_name='comment',
            name='event_seq',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='comment',
            name='region',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='comment',
            name='seats',
            field=models.CharField(blank=True, default='', max_length=2),
        ),
        migrations.AddField(
            model_name='comment',
            name='table',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='comments', to='tables.table'),
        ),
        migrations.AddIndex(
            model_name='comment',
            index=models.Index(fields=['table', 'event_seq'], name='comment_table_event'),
        ),
        migrations.AddConstraint(
            model_name='comment',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('card__isnull', False), ('deck__isnull', True), ('table__isnull', True)), models.Q(('card__isnull', True), ('deck__isnull', False), ('table__isnull', True)), models.Q(('card__isnull', True), ('deck__isnull', True), ('table__isnull', False)), _connector='OR'), name='comment_on_card_deck_or_table'),
        ),
        migrations.AddConstraint(
            model_name='comment',
            constraint=models.CheckConstraint(condition=models.Q(('table__isnull', True), ('event_seq__isnull', False), _connector='OR'), name='comment_table_names_its_event'),
        ),
    ]
