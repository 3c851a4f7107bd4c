(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32)
  (local $7 i32) (local $8 i32) (local $9 i32) (local $10 i32) (local $11 f32) (local $12 f32) (local $13 f32) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 f32) (local $19 i32) (local $20 f32) (local $21 f32) (local $22 i32) (local $23 i32) (local $24 i32) (local $25 i32) (local $26 i32) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 i32) (local $37 i32) (local $38 i32) (local $39 i32) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 v128) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 f32) (local $66 i32) (local $67 i32) (local $68 f32) (local $69 v128) (local $70 v128) (local $71 v128) (local $72 v128) (local $73 f32) (local $74 f32) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 v128) (local $79 v128) (local $80 v128) (local $81 v128) (local $82 f32) (local $83 v128) (local $84 v128) (local $85 v128) (local $86 v128) (local $87 v128) (local $88 v128) (local $89 v128) (local $90 i32) (local $91 f32) (local $92 i32) (local $93 i32) (local $94 f32) (local $95 f32) (local $96 f32) (local $97 f32) (local $98 f32) (local $99 i32) (local $100 i32) (local $101 f32) (local $102 f32) (local $103 v128) (local $104 f32) (local $105 v128) (local $106 i32) (local $107 i32) (local $108 f32) (local $109 v128) (local $110 i32) (local $111 f32) (local $112 i32) (local $113 i32) (local $114 f32) (local $115 f32) (local $116 f32) (local $117 f32) (local $118 f32) (local $119 i32) (local $120 i32) (local $121 f32) (local $122 f32) (local $123 v128) (local $124 f32) (local $125 v128) (local $126 i32) (local $127 i32) (local $128 f32) (local $129 v128) (local $130 i32) (local $131 f32) (local $132 f32) (local $133 i32) (local $134 i32) (local $135 i32) (local $136 i32) (local $137 i32) (local $138 i32) (local $139 i32) (local $140 i32) (local $141 i32) (local $142 i32) (local $143 i32) (local $144 i32) (local $145 i32) (local $146 i32) (local $147 i32) (local $148 v128) (local $149 v128) (local $150 v128) (local $151 v128) (local $152 v128) (local $153 v128) (local $154 v128) (local $155 v128) (local $156 v128) (local $157 v128) (local $158 v128) (local $159 v128) (local $160 v128) (local $161 f32) (local $162 i32) (local $163 i32) (local $164 f32) (local $165 v128) (local $166 v128) (local $167 f32) (local $168 v128) (local $169 v128) (local $170 v128) (local $171 v128) (local $172 v128) (local $173 v128) (local $174 v128) (local $175 i32) (local $176 f32) (local $177 i32) (local $178 i32) (local $179 f32) (local $180 f32) (local $181 f32) (local $182 f32) (local $183 f32) (local $184 i32) (local $185 i32) (local $186 f32) (local $187 f32) (local $188 v128) (local $189 f32) (local $190 v128) (local $191 i32) (local $192 i32) (local $193 f32) (local $194 v128) (local $195 i32)
  local.get 5
  local.set 7
  block
    loop
      local.get 7
      i32.const 1
      i32.add
      local.get 6
      i32.ge_s
      br_if 1
      local.get 7
      i32.const 8
      i32.mul
      local.set 22
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 17
      f32.const 0
      local.set 18
      local.get 7
      i32.const 1
      i32.add
      local.set 19
      local.get 19
      i32.const 8
      i32.mul
      local.set 23
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 20
      f32.const 0
      local.set 21
      local.get 1
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 24
      local.get 1
      local.get 19
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 25
      local.get 0
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 26
      local.get 0
      local.get 19
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 27
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 32
          local.get 3
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 36
          local.get 32
          i32.const 32
          i32.add
          local.set 33
          local.get 36
          i32.const 32
          i32.add
          local.set 37
          local.get 32
          i32.const 64
          i32.add
          local.set 34
          local.get 36
          i32.const 64
          i32.add
          local.set 38
          local.get 32
          i32.const 96
          i32.add
          local.set 35
          local.get 36
          i32.const 96
          i32.add
          local.set 39
          v128.const f32x4 0 0 0 0
          local.set 40
          v128.const f32x4 0 0 0 0
          local.set 41
          v128.const f32x4 0 0 0 0
          local.set 42
          v128.const f32x4 0 0 0 0
          local.set 43
          v128.const f32x4 0 0 0 0
          local.set 44
          v128.const f32x4 0 0 0 0
          local.set 45
          v128.const f32x4 0 0 0 0
          local.set 46
          v128.const f32x4 0 0 0 0
          local.set 47
          i32.const 0
          local.set 66
          block
            loop
              local.get 66
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 24
              local.get 66
              i32.add
              v128.load
              local.set 48
              local.get 25
              local.get 66
              i32.add
              v128.load
              local.set 49
              local.get 32
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 40
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 40
              local.get 44
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 44
              local.get 33
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 41
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 41
              local.get 45
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 45
              local.get 34
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 42
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 42
              local.get 46
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 46
              local.get 35
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 43
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 43
              local.get 47
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 47
              local.get 66
              i32.const 16
              i32.add
              local.set 66
              br 0
            end
          end
          local.get 40
          local.get 41
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 40
          local.get 41
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 69
          local.get 42
          local.get 43
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 42
          local.get 43
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 70
          local.get 69
          local.get 70
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 69
          local.get 70
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 51
          local.get 44
          local.get 45
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 44
          local.get 45
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 71
          local.get 46
          local.get 47
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 46
          local.get 47
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 72
          local.get 71
          local.get 72
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 71
          local.get 72
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 52
          local.get 51
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 51
          local.get 51
          f32x4.extract_lane 0
          local.get 51
          f32x4.extract_lane 1
          f32.max
          local.get 51
          f32x4.extract_lane 2
          local.get 51
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 65
          local.get 17
          local.set 12
          local.get 12
          local.get 65
          f32.max
          local.set 13
          f32.const 1
          local.set 74
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 74
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 51
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 75
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 76
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 77
          local.get 77
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 78
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 78
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 79
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 79
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 79
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 79
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 79
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 78
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 80
          i32.const 1
          i32x4.shr_s
          local.tee 81
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 80
          local.get 81
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 51
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 53
          local.get 53
          f32x4.extract_lane 0
          local.get 53
          f32x4.extract_lane 1
          f32.add
          local.get 53
          f32x4.extract_lane 2
          f32.add
          local.get 53
          f32x4.extract_lane 3
          f32.add
          local.set 68
          local.get 18
          local.get 15
          f32.mul
          local.get 68
          f32.add
          local.set 18
          local.get 13
          local.set 17
          local.get 15
          f32x4.splat
          local.set 55
          local.get 53
          f32x4.extract_lane 0
          f32x4.splat
          local.set 57
          local.get 53
          f32x4.extract_lane 1
          f32x4.splat
          local.set 58
          local.get 53
          f32x4.extract_lane 2
          f32x4.splat
          local.set 59
          local.get 53
          f32x4.extract_lane 3
          f32x4.splat
          local.set 60
          local.get 52
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 52
          local.get 52
          f32x4.extract_lane 0
          local.get 52
          f32x4.extract_lane 1
          f32.max
          local.get 52
          f32x4.extract_lane 2
          local.get 52
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 65
          local.get 20
          local.set 12
          local.get 12
          local.get 65
          f32.max
          local.set 13
          f32.const 1
          local.set 82
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 82
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 52
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 83
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 84
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 85
          local.get 85
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 86
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 86
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 87
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 87
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 87
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 87
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 87
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 86
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 88
          i32.const 1
          i32x4.shr_s
          local.tee 89
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 88
          local.get 89
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 52
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 54
          local.get 54
          f32x4.extract_lane 0
          local.get 54
          f32x4.extract_lane 1
          f32.add
          local.get 54
          f32x4.extract_lane 2
          f32.add
          local.get 54
          f32x4.extract_lane 3
          f32.add
          local.set 68
          local.get 21
          local.get 15
          f32.mul
          local.get 68
          f32.add
          local.set 21
          local.get 13
          local.set 20
          local.get 15
          f32x4.splat
          local.set 56
          local.get 54
          f32x4.extract_lane 0
          f32x4.splat
          local.set 61
          local.get 54
          f32x4.extract_lane 1
          f32x4.splat
          local.set 62
          local.get 54
          f32x4.extract_lane 2
          f32x4.splat
          local.set 63
          local.get 54
          f32x4.extract_lane 3
          f32x4.splat
          local.set 64
          local.get 53
          v128.any_true
          local.get 54
          v128.any_true
          i32.or
          if
            i32.const 0
            local.set 67
            block
              loop
                local.get 67
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 26
                local.get 67
                i32.add
                v128.load
                local.get 55
                f32x4.mul
                local.set 48
                local.get 27
                local.get 67
                i32.add
                v128.load
                local.get 56
                f32x4.mul
                local.set 49
                local.get 36
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 57
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 61
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 37
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 58
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 62
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 38
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 59
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 63
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 39
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 60
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 64
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 26
                local.get 67
                i32.add
                local.get 48
                v128.store
                local.get 27
                local.get 67
                i32.add
                local.get 49
                v128.store
                local.get 67
                i32.const 16
                i32.add
                local.set 67
                br 0
              end
            end
          end
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 90
      local.get 90
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 17
          local.set 12
          f32.const 0
          local.set 91
          local.get 7
          i32.const 8
          i32.mul
          local.set 92
          local.get 9
          i32.const 8
          i32.mul
          local.set 93
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 91
              local.get 1
              local.get 7
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 91
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 91
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 94
          local.get 94
          f32.const -104
          f32.lt
          select
          local.tee 95
          f32.const 89
          local.get 95
          f32.lt
          select
          local.tee 96
          local.get 96
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 97
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 97
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 98
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 98
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 98
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 98
          f32.mul
          f32.const 1
          f32.add
          local.get 98
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 97
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 99
          i32.const 1
          i32.shr_s
          local.tee 100
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 99
          local.get 100
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 101
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 101
          end
          local.set 15
          local.get 18
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 18
          local.get 13
          local.set 17
          local.get 15
          local.set 102
          local.get 102
          f32x4.splat
          local.set 103
          local.get 14
          local.set 104
          local.get 104
          f32x4.splat
          local.set 105
          local.get 9
          i32.const 8
          i32.mul
          local.set 106
          local.get 7
          i32.const 8
          i32.mul
          local.set 107
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 103
              f32x4.mul
              local.get 105
              local.get 3
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 103
              f32x4.mul
              local.get 105
              local.get 3
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 107
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 103
              f32x4.mul
              local.get 105
              local.get 3
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 102
              f32.mul
              local.get 104
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 18
      f32.div
      local.set 16
      local.get 16
      local.set 108
      local.get 108
      f32x4.splat
      local.set 109
      local.get 7
      i32.const 8
      i32.mul
      local.set 110
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 109
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 109
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 110
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 109
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 108
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 90
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 20
          local.set 12
          f32.const 0
          local.set 111
          local.get 19
          i32.const 8
          i32.mul
          local.set 112
          local.get 9
          i32.const 8
          i32.mul
          local.set 113
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 111
              local.get 1
              local.get 19
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 111
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 111
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 114
          local.get 114
          f32.const -104
          f32.lt
          select
          local.tee 115
          f32.const 89
          local.get 115
          f32.lt
          select
          local.tee 116
          local.get 116
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 117
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 117
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 118
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 118
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 118
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 118
          f32.mul
          f32.const 1
          f32.add
          local.get 118
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 117
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 119
          i32.const 1
          i32.shr_s
          local.tee 120
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 119
          local.get 120
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 121
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 121
          end
          local.set 15
          local.get 21
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 21
          local.get 13
          local.set 20
          local.get 15
          local.set 122
          local.get 122
          f32x4.splat
          local.set 123
          local.get 14
          local.set 124
          local.get 124
          f32x4.splat
          local.set 125
          local.get 9
          i32.const 8
          i32.mul
          local.set 126
          local.get 19
          i32.const 8
          i32.mul
          local.set 127
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 123
              f32x4.mul
              local.get 125
              local.get 3
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 123
              f32x4.mul
              local.get 125
              local.get 3
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 127
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 123
              f32x4.mul
              local.get 125
              local.get 3
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 19
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 19
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 122
              f32.mul
              local.get 124
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 21
      f32.div
      local.set 16
      local.get 16
      local.set 128
      local.get 128
      f32x4.splat
      local.set 129
      local.get 19
      i32.const 8
      i32.mul
      local.set 130
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 129
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 129
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 130
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 129
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 128
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 7
      i32.const 2
      i32.add
      local.set 7
      br 0
    end
  end
  local.get 7
  local.set 7
  block
    loop
      local.get 7
      local.get 6
      i32.ge_s
      br_if 1
      local.get 7
      i32.const 8
      i32.mul
      local.set 133
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 133
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 133
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 133
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 131
      f32.const 0
      local.set 132
      local.get 1
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 134
      local.get 0
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 135
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 140
          local.get 3
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 144
          local.get 140
          i32.const 32
          i32.add
          local.set 141
          local.get 144
          i32.const 32
          i32.add
          local.set 145
          local.get 140
          i32.const 64
          i32.add
          local.set 142
          local.get 144
          i32.const 64
          i32.add
          local.set 146
          local.get 140
          i32.const 96
          i32.add
          local.set 143
          local.get 144
          i32.const 96
          i32.add
          local.set 147
          v128.const f32x4 0 0 0 0
          local.set 148
          v128.const f32x4 0 0 0 0
          local.set 149
          v128.const f32x4 0 0 0 0
          local.set 150
          v128.const f32x4 0 0 0 0
          local.set 151
          i32.const 0
          local.set 162
          block
            loop
              local.get 162
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 134
              local.get 162
              i32.add
              v128.load
              local.set 152
              local.get 140
              local.get 162
              i32.add
              v128.load
              local.set 153
              local.get 148
              local.get 152
              local.get 153
              f32x4.mul
              f32x4.add
              local.set 148
              local.get 141
              local.get 162
              i32.add
              v128.load
              local.set 153
              local.get 149
              local.get 152
              local.get 153
              f32x4.mul
              f32x4.add
              local.set 149
              local.get 142
              local.get 162
              i32.add
              v128.load
              local.set 153
              local.get 150
              local.get 152
              local.get 153
              f32x4.mul
              f32x4.add
              local.set 150
              local.get 143
              local.get 162
              i32.add
              v128.load
              local.set 153
              local.get 151
              local.get 152
              local.get 153
              f32x4.mul
              f32x4.add
              local.set 151
              local.get 162
              i32.const 16
              i32.add
              local.set 162
              br 0
            end
          end
          local.get 148
          local.get 149
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 148
          local.get 149
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 165
          local.get 150
          local.get 151
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 150
          local.get 151
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 166
          local.get 165
          local.get 166
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 165
          local.get 166
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 154
          local.get 154
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 154
          local.get 154
          f32x4.extract_lane 0
          local.get 154
          f32x4.extract_lane 1
          f32.max
          local.get 154
          f32x4.extract_lane 2
          local.get 154
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 161
          local.get 131
          local.set 12
          local.get 12
          local.get 161
          f32.max
          local.set 13
          f32.const 1
          local.set 167
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 167
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 154
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 168
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 169
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 170
          local.get 170
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 171
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 171
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 172
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 172
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 172
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 172
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 172
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 171
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 173
          i32.const 1
          i32x4.shr_s
          local.tee 174
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 173
          local.get 174
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 154
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 155
          local.get 155
          f32x4.extract_lane 0
          local.get 155
          f32x4.extract_lane 1
          f32.add
          local.get 155
          f32x4.extract_lane 2
          f32.add
          local.get 155
          f32x4.extract_lane 3
          f32.add
          local.set 164
          local.get 132
          local.get 15
          f32.mul
          local.get 164
          f32.add
          local.set 132
          local.get 13
          local.set 131
          local.get 15
          f32x4.splat
          local.set 156
          local.get 155
          f32x4.extract_lane 0
          f32x4.splat
          local.set 157
          local.get 155
          f32x4.extract_lane 1
          f32x4.splat
          local.set 158
          local.get 155
          f32x4.extract_lane 2
          f32x4.splat
          local.set 159
          local.get 155
          f32x4.extract_lane 3
          f32x4.splat
          local.set 160
          local.get 155
          v128.any_true
          if
            i32.const 0
            local.set 163
            block
              loop
                local.get 163
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 135
                local.get 163
                i32.add
                v128.load
                local.get 156
                f32x4.mul
                local.set 152
                local.get 144
                local.get 163
                i32.add
                v128.load
                local.set 153
                local.get 152
                local.get 157
                local.get 153
                f32x4.mul
                f32x4.add
                local.set 152
                local.get 145
                local.get 163
                i32.add
                v128.load
                local.set 153
                local.get 152
                local.get 158
                local.get 153
                f32x4.mul
                f32x4.add
                local.set 152
                local.get 146
                local.get 163
                i32.add
                v128.load
                local.set 153
                local.get 152
                local.get 159
                local.get 153
                f32x4.mul
                f32x4.add
                local.set 152
                local.get 147
                local.get 163
                i32.add
                v128.load
                local.set 153
                local.get 152
                local.get 160
                local.get 153
                f32x4.mul
                f32x4.add
                local.set 152
                local.get 135
                local.get 163
                i32.add
                local.get 152
                v128.store
                local.get 163
                i32.const 16
                i32.add
                local.set 163
                br 0
              end
            end
          end
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 175
      local.get 175
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 131
          local.set 12
          f32.const 0
          local.set 176
          local.get 7
          i32.const 8
          i32.mul
          local.set 177
          local.get 9
          i32.const 8
          i32.mul
          local.set 178
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 176
              local.get 1
              local.get 7
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 176
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 176
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 179
          local.get 179
          f32.const -104
          f32.lt
          select
          local.tee 180
          f32.const 89
          local.get 180
          f32.lt
          select
          local.tee 181
          local.get 181
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 182
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 182
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 183
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 183
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 183
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 183
          f32.mul
          f32.const 1
          f32.add
          local.get 183
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 182
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 184
          i32.const 1
          i32.shr_s
          local.tee 185
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 184
          local.get 185
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 186
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 186
          end
          local.set 15
          local.get 132
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 132
          local.get 13
          local.set 131
          local.get 15
          local.set 187
          local.get 187
          f32x4.splat
          local.set 188
          local.get 14
          local.set 189
          local.get 189
          f32x4.splat
          local.set 190
          local.get 9
          i32.const 8
          i32.mul
          local.set 191
          local.get 7
          i32.const 8
          i32.mul
          local.set 192
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 188
              f32x4.mul
              local.get 190
              local.get 3
              local.get 191
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 188
              f32x4.mul
              local.get 190
              local.get 3
              local.get 191
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 192
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 188
              f32x4.mul
              local.get 190
              local.get 3
              local.get 191
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 187
              f32.mul
              local.get 189
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 132
      f32.div
      local.set 16
      local.get 16
      local.set 193
      local.get 193
      f32x4.splat
      local.set 194
      local.get 7
      i32.const 8
      i32.mul
      local.set 195
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 194
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 194
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 195
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 194
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 193
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 7
      i32.const 1
      i32.add
      local.set 7
      br 0
    end
  end
)

(func $rare0 (param $0 f32) (param $1 f32) (result f32)
  (local $2 f32) (local $3 f32) (local $4 f32) (local $5 f32) (local $6 f32) (local $7 i32) (local $8 i32)
  f32.const 0.008369148708879948
  f32.const 89
  f32.const -104
  local.get 0
  local.get 1
  f32.sub
  local.tee 2
  local.get 2
  f32.const -104
  f32.lt
  select
  local.tee 3
  f32.const 89
  local.get 3
  f32.lt
  select
  local.tee 4
  local.get 4
  f32.const 1.4426950408889634
  f32.mul
  f32.nearest
  local.tee 5
  f32.const 0.693359375
  f32.mul
  f32.sub
  local.get 5
  f32.const -0.00021219444
  f32.mul
  f32.sub
  local.tee 6
  f32.mul
  f32.const 0.041917506605386734
  f32.add
  local.get 6
  f32.mul
  f32.const 0.16666504740715027
  f32.add
  local.get 6
  f32.mul
  f32.const 0.49998870491981506
  f32.add
  local.get 6
  f32.mul
  f32.const 1
  f32.add
  local.get 6
  f32.mul
  f32.const 1.0000001192092896
  f32.add
  local.get 5
  f32.const 12582912
  f32.add
  i32.reinterpret_f32
  i32.const 1262485504
  i32.sub
  local.tee 7
  i32.const 1
  i32.shr_s
  local.tee 8
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
  local.get 7
  local.get 8
  i32.sub
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
)